CREATE TYPE "public"."billing_plan" AS ENUM('MONTHLY', 'YEARLY');--> statement-breakpoint
CREATE TYPE "public"."billing_status" AS ENUM('TRIAL', 'ACTIVE', 'PAST_DUE', 'CANCELLING', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "merchant_subscriptions" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_subscription_id" text,
	"plan" "billing_plan",
	"status" "billing_status" DEFAULT 'TRIAL' NOT NULL,
	"stripe_status" text,
	"current_period_end" timestamp with time zone,
	"is_cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"card_brand" text,
	"card_last4" text,
	"synced_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_subscriptions_stripeCustomerId_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "merchant_subscriptions_stripeSubscriptionId_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
ALTER TABLE "merchant_subscriptions" ADD CONSTRAINT "merchant_subscriptions_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;