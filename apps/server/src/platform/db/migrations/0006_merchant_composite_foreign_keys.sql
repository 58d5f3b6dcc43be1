-- Tenant-owned rows reference their parent with the merchant in the key, so a row can never
-- point at another merchant's record. Hand-ordered from drizzle-kit's output: the parents'
-- (merchant_id, id) keys first (always satisfied: id is the primary key); the join tables' new
-- merchant_id filled from their group before it becomes NOT NULL; and the tier of a customer
-- account nulls only pricing_tier_id when the tier goes (PostgreSQL 15+ column list; drizzle
-- cannot spell it, and would otherwise null merchant_id too).
ALTER TABLE "brands" ADD CONSTRAINT "brands_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "units_of_measure" ADD CONSTRAINT "units_of_measure_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "pricing_tiers" ADD CONSTRAINT "pricing_tiers_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "visibility_groups" ADD CONSTRAINT "visibility_groups_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "tier_prices" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
UPDATE "tier_prices" SET "merchant_id" = "pricing_tiers"."merchant_id" FROM "pricing_tiers" WHERE "pricing_tiers"."id" = "tier_prices"."tier_id";--> statement-breakpoint
ALTER TABLE "tier_prices" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "visibility_group_customers" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
UPDATE "visibility_group_customers" SET "merchant_id" = "visibility_groups"."merchant_id" FROM "visibility_groups" WHERE "visibility_groups"."id" = "visibility_group_customers"."group_id";--> statement-breakpoint
ALTER TABLE "visibility_group_customers" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "visibility_group_products" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
UPDATE "visibility_group_products" SET "merchant_id" = "visibility_groups"."merchant_id" FROM "visibility_groups" WHERE "visibility_groups"."id" = "visibility_group_products"."group_id";--> statement-breakpoint
ALTER TABLE "visibility_group_products" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_parent_id_categories_id_fk";--> statement-breakpoint
ALTER TABLE "customer_accounts" DROP CONSTRAINT "customer_accounts_pricing_tier_id_pricing_tiers_id_fk";--> statement-breakpoint
ALTER TABLE "tier_prices" DROP CONSTRAINT "tier_prices_tier_id_pricing_tiers_id_fk";--> statement-breakpoint
ALTER TABLE "tier_prices" DROP CONSTRAINT "tier_prices_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_supplier_id_suppliers_id_fk";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_category_id_categories_id_fk";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_unit_of_measure_id_units_of_measure_id_fk";--> statement-breakpoint
ALTER TABLE "visibility_group_customers" DROP CONSTRAINT "visibility_group_customers_group_id_visibility_groups_id_fk";--> statement-breakpoint
ALTER TABLE "visibility_group_customers" DROP CONSTRAINT "visibility_group_customers_customer_account_id_customer_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "visibility_group_products" DROP CONSTRAINT "visibility_group_products_group_id_visibility_groups_id_fk";--> statement-breakpoint
ALTER TABLE "visibility_group_products" DROP CONSTRAINT "visibility_group_products_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_fk" FOREIGN KEY ("merchant_id","parent_id") REFERENCES "public"."categories"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_pricing_tier_fk" FOREIGN KEY ("merchant_id","pricing_tier_id") REFERENCES "public"."pricing_tiers"("merchant_id","id") ON DELETE SET NULL ("pricing_tier_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_prices" ADD CONSTRAINT "tier_prices_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_prices" ADD CONSTRAINT "tier_prices_tier_fk" FOREIGN KEY ("merchant_id","tier_id") REFERENCES "public"."pricing_tiers"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_prices" ADD CONSTRAINT "tier_prices_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_fk" FOREIGN KEY ("merchant_id","brand_id") REFERENCES "public"."brands"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_fk" FOREIGN KEY ("merchant_id","supplier_id") REFERENCES "public"."suppliers"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_fk" FOREIGN KEY ("merchant_id","category_id") REFERENCES "public"."categories"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_of_measure_fk" FOREIGN KEY ("merchant_id","unit_of_measure_id") REFERENCES "public"."units_of_measure"("merchant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_customers" ADD CONSTRAINT "visibility_group_customers_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_customers" ADD CONSTRAINT "visibility_group_customers_group_fk" FOREIGN KEY ("merchant_id","group_id") REFERENCES "public"."visibility_groups"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_customers" ADD CONSTRAINT "visibility_group_customers_customer_account_fk" FOREIGN KEY ("merchant_id","customer_account_id") REFERENCES "public"."customer_accounts"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_products" ADD CONSTRAINT "visibility_group_products_merchant_id_organisations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_products" ADD CONSTRAINT "visibility_group_products_group_fk" FOREIGN KEY ("merchant_id","group_id") REFERENCES "public"."visibility_groups"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visibility_group_products" ADD CONSTRAINT "visibility_group_products_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE restrict ON UPDATE no action;
