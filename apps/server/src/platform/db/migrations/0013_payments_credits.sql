CREATE TYPE "public"."credit_source" AS ENUM('MANUAL', 'OVERPAYMENT', 'ORDER_ADJUSTMENT');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('EXTERNAL_CARD', 'EXTERNAL_DIRECT_DEBIT', 'STRIPE_CARD', 'BANK_TRANSFER', 'ACCOUNT_CREDIT', 'CASH', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."payment_state" AS ENUM('SUCCESSFUL', 'FAILED', 'PROCESSING', 'UPCOMING', 'REFUNDED', 'VOIDED');--> statement-breakpoint
CREATE TABLE "credit_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"credit_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"gst_rate_basis_points" integer NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"gst_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"source" "credit_source" NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gst_cents" bigint DEFAULT 0 NOT NULL,
	"remaining_cents" bigint NOT NULL,
	"payment_id" uuid,
	"order_id" uuid,
	"idempotency_key" text,
	"created_by_user_id" uuid,
	"voided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credits_merchant_number_key" UNIQUE("merchant_id","number"),
	CONSTRAINT "credits_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "credits_amount_positive" CHECK ("credits"."amount_cents" > 0),
	CONSTRAINT "credits_remaining_within_amount" CHECK ("credits"."remaining_cents" >= 0 and "credits"."remaining_cents" <= "credits"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_payment_order_key" UNIQUE("payment_id","order_id"),
	CONSTRAINT "payment_allocations_amount_positive" CHECK ("payment_allocations"."amount_cents" > 0),
	CONSTRAINT "payment_allocations_refunded_within_amount" CHECK ("payment_allocations"."refunded_cents" >= 0 and "payment_allocations"."refunded_cents" <= "payment_allocations"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_counters" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"last_payment_number" integer DEFAULT 0 NOT NULL,
	"last_credit_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"order_id" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "payment_links_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "payment_links_merchant_id_id_key" UNIQUE("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text,
	"idempotency_key" text,
	"stripe_refund_id" text,
	"refunded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"state" "payment_state" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"surcharge_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"notes" text,
	"idempotency_key" text,
	"recorded_by_user_id" uuid,
	"credit_id" uuid,
	"stripe_payment_intent_id" text,
	"card_country" text,
	"card_brand" text,
	"card_last4" text,
	"failure_message" text,
	"payment_link_id" uuid,
	"voided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_merchant_number_key" UNIQUE("merchant_id","number"),
	CONSTRAINT "payments_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_surcharge_not_negative" CHECK ("payments"."surcharge_cents" >= 0),
	CONSTRAINT "payments_refunded_within_amount" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "stripe_accounts" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"is_charges_enabled" boolean DEFAULT false NOT NULL,
	"is_details_submitted" boolean DEFAULT false NOT NULL,
	"is_fee_passed_on" boolean DEFAULT true NOT NULL,
	"connected_by_user_id" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_accounts_stripeAccountId_unique" UNIQUE("stripe_account_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"stripe_account_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "overdue_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD COLUMN "is_overdue_reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_credit_fk" FOREIGN KEY ("merchant_id","credit_id") REFERENCES "public"."credits"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_customer_account_fk" FOREIGN KEY ("merchant_id","customer_account_id") REFERENCES "public"."customer_accounts"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_payment_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_counters" ADD CONSTRAINT "payment_counters_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_customer_account_fk" FOREIGN KEY ("merchant_id","customer_account_id") REFERENCES "public"."customer_accounts"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_refunded_by_user_id_users_id_fk" FOREIGN KEY ("refunded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_account_fk" FOREIGN KEY ("merchant_id","customer_account_id") REFERENCES "public"."customer_accounts"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_lines_credit_idx" ON "credit_lines" USING btree ("credit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credits_merchant_idempotency_key" ON "credits" USING btree ("merchant_id","idempotency_key") WHERE "credits"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "credits_merchant_created_idx" ON "credits" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credits_customer_created_idx" ON "credits" USING btree ("customer_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credits_merchant_reason_idx" ON "credits" USING gin ("merchant_id",lower("reason") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_allocations_order_idx" ON "payment_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_links_customer_idx" ON "payment_links" USING btree ("customer_account_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_payment_idempotency_key" ON "payment_refunds" USING btree ("payment_id","idempotency_key") WHERE "payment_refunds"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_merchant_idempotency_key" ON "payments" USING btree ("merchant_id","idempotency_key") WHERE "payments"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_payment_intent_key" ON "payments" USING btree ("stripe_payment_intent_id") WHERE "payments"."stripe_payment_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_merchant_created_idx" ON "payments" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_customer_created_idx" ON "payments" USING btree ("customer_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_merchant_paid_on_idx" ON "payments" USING btree ("merchant_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_merchant_reference_idx" ON "payments" USING gin ("merchant_id",lower("reference") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_merchant_outstanding_idx" ON "orders" USING btree ("merchant_id","due_date","id") WHERE "orders"."paid_cents" < "orders"."total_cents" and "orders"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "orders_customer_outstanding_idx" ON "orders" USING btree ("customer_account_id","due_date","id") WHERE "orders"."paid_cents" < "orders"."total_cents" and "orders"."status" <> 'CANCELLED';