DROP INDEX "products_brand_idx";--> statement-breakpoint
CREATE INDEX "products_search_gist_idx" ON "products" USING gist (lower("name" || ' ' || "sku") gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id",lower("name"),"id");