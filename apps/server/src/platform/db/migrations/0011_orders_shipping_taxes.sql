CREATE TYPE "public"."gst_rounding" AS ENUM('PER_LINE', 'PER_INVOICE');--> statement-breakpoint
CREATE TYPE "public"."order_event_kind" AS ENUM('PLACED', 'STATUS_CHANGED', 'LINE_ADDED', 'LINE_CHANGED', 'LINE_REMOVED', 'DETAILS_CHANGED', 'DELIVERY_FEE_CHANGED');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('PROCESSING', 'SHIPPED', 'CANCELLED', 'ON_HOLD', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."shipping_method_kind" AS ENUM('DELIVERY', 'PICK_UP');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"user_id" uuid,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"merchant_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_cart_id_product_id_pk" PRIMARY KEY("cart_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"is_merchant_entry" boolean DEFAULT false NOT NULL,
	"shipping_method_id" uuid,
	"requested_delivery_date" date,
	"notes" text,
	"purchase_order_number" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_customer_account_side_key" UNIQUE("customer_account_id","is_merchant_entry"),
	CONSTRAINT "carts_merchant_id_id_key" UNIQUE("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"last_order_number" integer DEFAULT 0 NOT NULL,
	"last_invoice_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "order_event_kind" NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"unit_name" text,
	"unit_abbreviation" text,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"gst_rate_basis_points" integer NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"gst_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_order_product_key" UNIQUE("order_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"invoice_number" integer NOT NULL,
	"status" "order_status" DEFAULT 'PROCESSING' NOT NULL,
	"idempotency_key" text,
	"placed_by_user_id" uuid,
	"is_placed_by_merchant" boolean DEFAULT false NOT NULL,
	"customer_name" text NOT NULL,
	"customer_abn" text,
	"delivery_address" text,
	"shipping_method_id" uuid,
	"shipping_method_name" text,
	"shipping_method_kind" "shipping_method_kind",
	"delivery_date" date,
	"notes" text,
	"purchase_order_number" text,
	"payment_terms_days" integer NOT NULL,
	"due_date" date NOT NULL,
	"gst_rounding" "gst_rounding" NOT NULL,
	"is_tax_exempt" boolean DEFAULT false NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"delivery_fee_cents" bigint NOT NULL,
	"gst_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"confirmation_queued_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_merchant_number_key" UNIQUE("merchant_id","number"),
	CONSTRAINT "orders_merchant_invoice_number_key" UNIQUE("merchant_id","invoice_number"),
	CONSTRAINT "orders_merchant_id_id_key" UNIQUE("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shipping_method_customers" (
	"merchant_id" uuid NOT NULL,
	"shipping_method_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_method_customers_shipping_method_id_customer_account_id_pk" PRIMARY KEY("shipping_method_id","customer_account_id")
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" "shipping_method_kind" DEFAULT 'DELIVERY' NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"fee_bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_above_cents" bigint,
	"minimum_order_cents" bigint,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"lead_days" integer DEFAULT 1 NOT NULL,
	"cut_off_minutes" integer,
	"is_available_to_all" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shipping_methods_merchant_id_id_key" UNIQUE("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tax_rule_categories" (
	"merchant_id" uuid NOT NULL,
	"tax_rule_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rule_categories_tax_rule_id_category_id_pk" PRIMARY KEY("tax_rule_id","category_id"),
	CONSTRAINT "tax_rule_categories_one_rule_key" UNIQUE("merchant_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "tax_rule_products" (
	"merchant_id" uuid NOT NULL,
	"tax_rule_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rule_products_tax_rule_id_product_id_pk" PRIMARY KEY("tax_rule_id","product_id"),
	CONSTRAINT "tax_rule_products_one_rule_key" UNIQUE("merchant_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "tax_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rate_basis_points" integer NOT NULL,
	CONSTRAINT "tax_rules_merchant_id_id_key" UNIQUE("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD COLUMN "is_tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "time_zone" text DEFAULT 'Australia/Sydney' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "gst_rounding" "gst_rounding" DEFAULT 'PER_LINE' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_fk" FOREIGN KEY ("merchant_id","cart_id") REFERENCES "public"."carts"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_account_fk" FOREIGN KEY ("merchant_id","customer_account_id") REFERENCES "public"."customer_accounts"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_shipping_method_fk" FOREIGN KEY ("merchant_id","shipping_method_id") REFERENCES "public"."shipping_methods"("merchant_id","id") ON DELETE SET NULL ("shipping_method_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_account_fk" FOREIGN KEY ("merchant_id","customer_account_id") REFERENCES "public"."customer_accounts"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method_fk" FOREIGN KEY ("merchant_id","shipping_method_id") REFERENCES "public"."shipping_methods"("merchant_id","id") ON DELETE SET NULL ("shipping_method_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_method_customers" ADD CONSTRAINT "shipping_method_customers_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_method_customers" ADD CONSTRAINT "shipping_method_customers_method_fk" FOREIGN KEY ("merchant_id","shipping_method_id") REFERENCES "public"."shipping_methods"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_method_customers" ADD CONSTRAINT "shipping_method_customers_customer_account_fk" FOREIGN KEY ("merchant_id","customer_account_id") REFERENCES "public"."customer_accounts"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rule_categories" ADD CONSTRAINT "tax_rule_categories_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rule_categories" ADD CONSTRAINT "tax_rule_categories_rule_fk" FOREIGN KEY ("merchant_id","tax_rule_id") REFERENCES "public"."tax_rules"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rule_categories" ADD CONSTRAINT "tax_rule_categories_category_fk" FOREIGN KEY ("merchant_id","category_id") REFERENCES "public"."categories"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rule_products" ADD CONSTRAINT "tax_rule_products_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rule_products" ADD CONSTRAINT "tax_rule_products_rule_fk" FOREIGN KEY ("merchant_id","tax_rule_id") REFERENCES "public"."tax_rules"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rule_products" ADD CONSTRAINT "tax_rule_products_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rules" ADD CONSTRAINT "tax_rules_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_organisation_idx" ON "audit_events" USING btree ("organisation_id","at");--> statement-breakpoint
CREATE INDEX "cart_lines_product_idx" ON "cart_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_lines_order_position_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_lines_merchant_search_idx" ON "order_lines" USING gin ("merchant_id",(lower("name") || ' ' || lower("sku")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_customer_idempotency_key" ON "orders" USING btree ("customer_account_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_merchant_placed_idx" ON "orders" USING btree ("merchant_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_status_placed_idx" ON "orders" USING btree ("merchant_id","status","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_placed_idx" ON "orders" USING btree ("customer_account_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_delivery_idx" ON "orders" USING btree ("merchant_id","delivery_date","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_customer_name_idx" ON "orders" USING gin ("merchant_id",lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_merchant_po_idx" ON "orders" USING gin ("merchant_id",lower("purchase_order_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipping_method_customers_customer_idx" ON "shipping_method_customers" USING btree ("customer_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_merchant_name_key" ON "shipping_methods" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tax_rule_categories_category_idx" ON "tax_rule_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rules_merchant_name_key" ON "tax_rules" USING btree ("merchant_id",lower("name"));