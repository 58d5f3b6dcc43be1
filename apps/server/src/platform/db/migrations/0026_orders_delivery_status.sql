DROP INDEX "orders_merchant_delivery_idx";--> statement-breakpoint
CREATE INDEX "orders_merchant_delivery_idx" ON "orders" USING btree ("merchant_id","delivery_date","status","id");