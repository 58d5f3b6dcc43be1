CREATE TABLE "pricing_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tier_prices" (
	"tier_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_prices_tier_id_product_id_pk" PRIMARY KEY("tier_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"description" text,
	"brand_id" uuid,
	"supplier_id" uuid,
	"category_id" uuid,
	"unit_of_measure_id" uuid,
	"base_price_cents" bigint NOT NULL,
	"cost_cents" bigint,
	"is_gst_applicable" boolean DEFAULT true NOT NULL,
	"min_order_quantity" integer DEFAULT 1 NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"barcode" text,
	"image" text,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visibility_group_customers" (
	"group_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visibility_group_customers_group_id_customer_account_id_pk" PRIMARY KEY("group_id","customer_account_id")
);
--> statement-breakpoint
CREATE TABLE "visibility_group_products" (
	"group_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visibility_group_products_group_id_product_id_pk" PRIMARY KEY("group_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "visibility_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD COLUMN "pricing_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "pricing_tiers" ADD CONSTRAINT "pricing_tiers_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_prices" ADD CONSTRAINT "tier_prices_tier_id_pricing_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."pricing_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_prices" ADD CONSTRAINT "tier_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_of_measure_id_units_of_measure_id_fk" FOREIGN KEY ("unit_of_measure_id") REFERENCES "public"."units_of_measure"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_customers" ADD CONSTRAINT "visibility_group_customers_group_id_visibility_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."visibility_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_customers" ADD CONSTRAINT "visibility_group_customers_customer_account_id_customer_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_products" ADD CONSTRAINT "visibility_group_products_group_id_visibility_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."visibility_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_products" ADD CONSTRAINT "visibility_group_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_groups" ADD CONSTRAINT "visibility_groups_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_tiers_merchant_name_key" ON "pricing_tiers" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tier_prices_product_idx" ON "tier_prices" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_merchant_sku_key" ON "products" USING btree ("merchant_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "products_merchant_name_idx" ON "products" USING btree ("merchant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_merchant_active_name_idx" ON "products" USING btree ("merchant_id",lower("name"),"id") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (lower("name" || ' ' || "sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_supplier_idx" ON "products" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_unit_of_measure_idx" ON "products" USING btree ("unit_of_measure_id");--> statement-breakpoint
CREATE INDEX "visibility_group_customers_customer_idx" ON "visibility_group_customers" USING btree ("customer_account_id");--> statement-breakpoint
CREATE INDEX "visibility_group_products_product_idx" ON "visibility_group_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visibility_groups_merchant_name_key" ON "visibility_groups" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_pricing_tier_id_pricing_tiers_id_fk" FOREIGN KEY ("pricing_tier_id") REFERENCES "public"."pricing_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_accounts_pricing_tier_idx" ON "customer_accounts" USING btree ("pricing_tier_id");