CREATE TYPE "public"."accounting_link_kind" AS ENUM('CONTACT', 'ITEM', 'TAX_RULE');--> statement-breakpoint
CREATE TYPE "public"."accounting_sync_kind" AS ENUM('INVOICE', 'PAYMENT', 'CREDIT_NOTE');--> statement-breakpoint
CREATE TYPE "public"."accounting_sync_status" AS ENUM('PENDING', 'WAITING', 'SYNCED', 'FAILED', 'SKIPPED');--> statement-breakpoint
CREATE TABLE "accounting_links" (
	"merchant_id" uuid NOT NULL,
	"provider" "accounting_provider" NOT NULL,
	"kind" "accounting_link_kind" NOT NULL,
	"local_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"external_name" text NOT NULL,
	"linked_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_links_merchant_id_provider_kind_local_id_pk" PRIMARY KEY("merchant_id","provider","kind","local_id")
);
--> statement-breakpoint
CREATE TABLE "accounting_rate_windows" (
	"provider" "accounting_provider" NOT NULL,
	"tenant_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "accounting_rate_windows_provider_tenant_id_pk" PRIMARY KEY("provider","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "accounting_sync_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"provider" "accounting_provider" NOT NULL,
	"kind" "accounting_sync_kind" NOT NULL,
	"source_id" uuid NOT NULL,
	"status" "accounting_sync_status" DEFAULT 'PENDING' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"synced_revision" integer,
	"external_id" text,
	"external_parts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_links" ADD CONSTRAINT "accounting_links_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_links" ADD CONSTRAINT "accounting_links_linked_by_user_id_users_id_fk" FOREIGN KEY ("linked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_records" ADD CONSTRAINT "accounting_sync_records_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_links_external_key" ON "accounting_links" USING btree ("merchant_id","provider","kind","external_id") WHERE "accounting_links"."kind" <> 'TAX_RULE';--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_sync_records_source_key" ON "accounting_sync_records" USING btree ("merchant_id","provider","kind","source_id");--> statement-breakpoint
CREATE INDEX "accounting_sync_records_status_idx" ON "accounting_sync_records" USING btree ("merchant_id","provider","status","updated_at");