CREATE TYPE "public"."accounting_connection_status" AS ENUM('NOT_CONNECTED', 'CHOOSING_TENANT', 'CONNECTED', 'NEEDS_RECONNECT');--> statement-breakpoint
CREATE TYPE "public"."accounting_provider" AS ENUM('xero', 'quickbooks', 'myob');--> statement-breakpoint
CREATE TABLE "accounting_connections" (
	"merchant_id" uuid NOT NULL,
	"provider" "accounting_provider" NOT NULL,
	"status" "accounting_connection_status" DEFAULT 'NOT_CONNECTED' NOT NULL,
	"tenant_id" text,
	"tenant_name" text,
	"tenant_choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access_token_encrypted" text,
	"refresh_token_encrypted" text,
	"access_token_expires_at" timestamp with time zone,
	"scope" text,
	"connected_by_user_id" uuid,
	"connected_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_connections_merchant_id_provider_pk" PRIMARY KEY("merchant_id","provider")
);
--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;