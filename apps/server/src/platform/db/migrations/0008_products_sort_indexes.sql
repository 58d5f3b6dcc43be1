CREATE INDEX "products_merchant_sku_order_idx" ON "products" USING btree ("merchant_id",lower("sku"),"id");--> statement-breakpoint
CREATE INDEX "products_merchant_price_idx" ON "products" USING btree ("merchant_id","base_price_cents","id");--> statement-breakpoint
CREATE INDEX "products_merchant_updated_idx" ON "products" USING btree ("merchant_id","updated_at","id");