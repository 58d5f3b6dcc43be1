DROP INDEX "order_lines_merchant_search_idx";--> statement-breakpoint
DROP INDEX "orders_merchant_customer_name_idx";--> statement-breakpoint
DROP INDEX "orders_merchant_po_idx";--> statement-breakpoint
CREATE INDEX "order_lines_search_idx" ON "order_lines" USING gin ((lower("name") || ' ' || lower("sku")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_search_idx" ON "orders" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_po_search_idx" ON "orders" USING gin (lower("purchase_order_number") gin_trgm_ops);