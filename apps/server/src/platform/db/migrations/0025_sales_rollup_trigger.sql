-- The sales rollups (schema/sales-rollups.ts, read and compacted by
-- modules/reports/sales-rollups.queries.ts), kept by a trigger on orders: every write adds
-- insert-only change rows, whatever code wrote it. Statement-level, on transition tables, like the
-- receivables rollups (0018, 0023): a seed's 100,000-order insert is one grouped insert. The
-- statements are static, so PL/pgSQL plans each once per connection; each branch names only the
-- transition tables its event has.
-- A contribution: (merchant, quarter hour of placed_at, 1, subtotal, delivery fee, GST, total) of
-- an order that is not CANCELLED. A write subtracts the old rows' and adds the new rows'; groups
-- that net to nothing add no row.
CREATE FUNCTION sales_from_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_changes
      (merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents)
    SELECT s.merchant_id, date_bin('15 minutes', s.placed_at, timestamptz '2000-01-01 00:00+00'),
      count(*), sum(s.subtotal_cents), sum(s.delivery_fee_cents), sum(s.gst_cents), sum(s.total_cents)
    FROM new_orders s
    WHERE s.status <> 'CANCELLED'
    GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sales_changes
      (merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents)
    SELECT s.merchant_id, date_bin('15 minutes', s.placed_at, timestamptz '2000-01-01 00:00+00'),
      -count(*), -sum(s.subtotal_cents), -sum(s.delivery_fee_cents), -sum(s.gst_cents), -sum(s.total_cents)
    FROM old_orders s
    WHERE s.status <> 'CANCELLED'
    GROUP BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates (confirming, paying, notes, delivery) change nothing counted: return first.
    IF NOT EXISTS (
      SELECT 1 FROM new_orders n FULL JOIN old_orders o ON o.id = n.id
      WHERE (n.merchant_id, n.placed_at, n.status = 'CANCELLED', n.subtotal_cents, n.delivery_fee_cents, n.gst_cents, n.total_cents)
        IS DISTINCT FROM (o.merchant_id, o.placed_at, o.status = 'CANCELLED', o.subtotal_cents, o.delivery_fee_cents, o.gst_cents, o.total_cents)
    ) THEN
      RETURN NULL;
    END IF;
    INSERT INTO sales_changes
      (merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents)
    SELECT c.merchant_id, date_bin('15 minutes', c.placed_at, timestamptz '2000-01-01 00:00+00'),
      sum(c.sign), sum(c.sign * c.subtotal_cents), sum(c.sign * c.delivery_fee_cents),
      sum(c.sign * c.gst_cents), sum(c.sign * c.total_cents)
    FROM (
      SELECT n.merchant_id, n.placed_at, 1 AS sign, n.subtotal_cents, n.delivery_fee_cents, n.gst_cents, n.total_cents
      FROM new_orders n WHERE n.status <> 'CANCELLED'
      UNION ALL
      SELECT o.merchant_id, o.placed_at, -1, o.subtotal_cents, o.delivery_fee_cents, o.gst_cents, o.total_cents
      FROM old_orders o WHERE o.status <> 'CANCELLED'
    ) c
    GROUP BY 1, 2
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.subtotal_cents) <> 0 OR sum(c.sign * c.delivery_fee_cents) <> 0
      OR sum(c.sign * c.gst_cents) <> 0 OR sum(c.sign * c.total_cents) <> 0;
  ELSE
    -- TRUNCATE: nothing was sold.
    DELETE FROM sales_changes;
    DELETE FROM sales_totals;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_insert" AFTER INSERT ON "orders"
REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_from_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_update" AFTER UPDATE ON "orders"
REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION sales_from_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_delete" AFTER DELETE ON "orders"
REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_from_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_truncate" AFTER TRUNCATE ON "orders"
FOR EACH STATEMENT EXECUTE FUNCTION sales_from_orders();
--> statement-breakpoint
-- The orders already placed, counted once.
INSERT INTO sales_totals
  (merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents)
SELECT merchant_id, date_bin('15 minutes', placed_at, timestamptz '2000-01-01 00:00+00'),
  count(*), sum(subtotal_cents), sum(delivery_fee_cents), sum(gst_cents), sum(total_cents)
FROM orders
WHERE status <> 'CANCELLED'
GROUP BY 1, 2;
