DROP INDEX "orders_merchant_po_idx";--> statement-breakpoint
CREATE INDEX "orders_po_search_idx" ON "orders" USING gin (lower("purchase_order_number") gin_trgm_ops);