CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
DROP INDEX "products_merchant_active_name_idx";--> statement-breakpoint
CREATE INDEX "products_merchant_search_idx" ON "products" USING gin ("merchant_id",(lower("name") || ' ' || lower("sku")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_merchant_active_name_idx" ON "products" USING btree ("merchant_id",lower("name"),"id","name","sku","brand_id") WHERE "products"."archived_at" is null;--> statement-breakpoint
-- A page is read by one backend: starting parallel workers costs more than the scan they share,
-- and under many connections they only take each other's cores.
ALTER TABLE "products" SET (parallel_workers = 0);
