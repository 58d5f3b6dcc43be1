-- Order search reads one column, orders.search_text, through one trigram index (orders_search_idx),
-- in place of three: the customer's name and the PO number on orders, and each line's name and
-- SKU on order_lines. Asked of three indexes, a search was a union of four ways of matching
-- (planned on every run, 3–5 ms of CPU); asked of one column, PostgreSQL chooses between a walk of
-- the newest orders (a common word) and the trigram index (a rare one) in one small plan.
DROP INDEX "order_lines_search_idx";--> statement-breakpoint
DROP INDEX "orders_customer_name_search_idx";--> statement-breakpoint
DROP INDEX "orders_po_search_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What an order is searched by, lower-cased, a line apart so no term matches across two of them
-- (a search term is one line of text): the customer's name, the PO number, then each line's name
-- and SKU by position. The one statement of the rule: the trigger and the seeds call it.
CREATE FUNCTION order_search_text(order_id uuid, customer_name text, purchase_order_number text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\n', customer_name, purchase_order_number, (
    SELECT string_agg(concat_ws(' ', l.name, l.sku), E'\n' ORDER BY l.position, l.id)
    FROM order_lines l WHERE l.order_id = order_search_text.order_id)))
$$;--> statement-breakpoint
-- The receivables rollups (0018) count nothing of this column: a million orders' transition
-- tables would be compared for no change.
ALTER TABLE "orders" DISABLE TRIGGER "orders_receivables_update";--> statement-breakpoint
UPDATE "orders" SET "search_text" = order_search_text("id", "customer_name", "purchase_order_number");--> statement-breakpoint
ALTER TABLE "orders" ENABLE TRIGGER "orders_receivables_update";--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Kept by the database, whatever code writes: an order is inserted after its lines (placing, in
-- one transaction; the foreign keys are deferred, 0016), and every edit of its lines or of itself
-- moves its version (updateOrder), so the text is rewritten exactly when it can have changed.
-- Paying an order leaves its version, and this, alone.
CREATE FUNCTION orders_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := order_search_text(NEW.id, NEW.customer_name, NEW.purchase_order_number);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_search_text
  BEFORE INSERT OR UPDATE OF customer_name, purchase_order_number, version ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_search_text();
