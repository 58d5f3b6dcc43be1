-- The product sales rollups (schema/sales-rollups.ts, read and compacted by
-- modules/reports/product-sales.queries.ts) and the sales rollups' GST-free column, kept by the
-- database whatever code writes the orders:
-- - order_lines: a statement-level trigger counts the lines written, changed and removed, of
--   orders that exist and are not CANCELLED (a line removed with its order, by the cascade, was
--   counted off by the order's own trigger below, while the order could still be read);
-- - orders: becoming CANCELLED counts its lines off; a deleted order's lines are counted off
--   before it goes (row-level: deletes are a merchant leaving, not a daily write);
-- - organisations: a merchant's new time zone moves every sale to its new days (a rebuild: rare,
--   and 34 s for a million orders, inside the save that changes it).
-- One function says how lines count (count_sales_lines): a product's day, month and year rows in
-- the merchant's zone, and the GST-free part of the quarter hour's sales.
-- Placing writes an order's lines before the order (their key to it is deferred, so the order
-- takes its number, under the merchant's counter lock, as late as it can). A line whose order is
-- not there yet is counted as its order will be: its merchant's, placed when the line was
-- written (placing writes both with the same instant), an order is never placed cancelled. The
-- order's INSERT (the receivables trigger's INSERT branch, replaced below) only corrects lines
-- for which that was not so, a read of its lines: counting them there, under the lock every
-- concurrent placing of the merchant waits on, cost a tenth of placing's throughput. (An order
-- and its lines are never written by one statement, whose triggers would each count them.)
CREATE TYPE sales_line_change AS (
  merchant_id uuid,
  placed_at timestamptz,
  product_id uuid,
  sign integer,
  quantity bigint,
  subtotal_cents bigint,
  gst_cents bigint,
  gst_rate_basis_points integer
);
--> statement-breakpoint
CREATE FUNCTION count_sales_lines(changes sales_line_change[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    SELECT x.merchant_id, x.placed_at, g.time_zone, x.product_id, x.sign, x.quantity, x.subtotal_cents,
      x.gst_cents, x.gst_rate_basis_points
    FROM unnest(changes) x
    JOIN organisations g ON g.id = x.merchant_id
  ), products AS (
    INSERT INTO sales_product_changes (merchant_id, day, product_id, line_count, quantity, subtotal_cents, gst_cents)
    SELECT c.merchant_id, (c.placed_at AT TIME ZONE c.time_zone)::date, c.product_id, sum(c.sign),
      sum(c.sign * c.quantity), sum(c.sign * c.subtotal_cents), sum(c.sign * c.gst_cents)
    FROM c
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 OR sum(c.sign * c.subtotal_cents) <> 0
      OR sum(c.sign * c.gst_cents) <> 0
  )
  INSERT INTO sales_changes
    (merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents, gst_free_cents)
  SELECT c.merchant_id, date_bin('15 minutes', c.placed_at, timestamptz '2000-01-01 00:00+00'), 0, 0, 0, 0, 0,
    sum(c.sign * c.subtotal_cents)
  FROM c
  WHERE c.gst_rate_basis_points = 0
  GROUP BY 1, 2
  HAVING sum(c.sign * c.subtotal_cents) <> 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION sales_from_order_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM count_sales_lines(array(
      SELECT row(coalesce(o.merchant_id, l.merchant_id), coalesce(o.placed_at, l.created_at), l.product_id, 1,
        l.quantity, l.subtotal_cents, l.gst_cents, l.gst_rate_basis_points)::sales_line_change
      FROM new_lines l LEFT JOIN orders o ON o.id = l.order_id
      WHERE o.id IS NULL OR o.status <> 'CANCELLED'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM count_sales_lines(array(
      SELECT row(o.merchant_id, o.placed_at, l.product_id, -1, l.quantity, l.subtotal_cents, l.gst_cents,
        l.gst_rate_basis_points)::sales_line_change
      FROM old_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.status <> 'CANCELLED'));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates change nothing counted: return first.
    IF NOT EXISTS (
      SELECT 1 FROM new_lines n FULL JOIN old_lines o ON o.id = n.id
      WHERE (n.order_id, n.product_id, n.quantity, n.subtotal_cents, n.gst_cents, n.gst_rate_basis_points)
        IS DISTINCT FROM (o.order_id, o.product_id, o.quantity, o.subtotal_cents, o.gst_cents, o.gst_rate_basis_points)
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM count_sales_lines(array(
      SELECT row(o.merchant_id, o.placed_at, l.product_id, l.sign, l.quantity, l.subtotal_cents, l.gst_cents,
        l.gst_rate_basis_points)::sales_line_change
      FROM (
        SELECT n.order_id, n.product_id, 1 AS sign, n.quantity, n.subtotal_cents, n.gst_cents, n.gst_rate_basis_points FROM new_lines n
        UNION ALL
        SELECT o.order_id, o.product_id, -1, o.quantity, o.subtotal_cents, o.gst_cents, o.gst_rate_basis_points FROM old_lines o
      ) l JOIN orders o ON o.id = l.order_id
      WHERE o.status <> 'CANCELLED'));
  ELSE
    -- TRUNCATE: no line was sold.
    DELETE FROM sales_product_changes;
    DELETE FROM sales_product_totals;
    UPDATE sales_changes SET gst_free_cents = 0 WHERE gst_free_cents <> 0;
    UPDATE sales_totals SET gst_free_cents = 0 WHERE gst_free_cents <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_sales_insert" AFTER INSERT ON "order_lines"
REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION sales_from_order_lines();
--> statement-breakpoint
CREATE TRIGGER "order_lines_sales_update" AFTER UPDATE ON "order_lines"
REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
FOR EACH STATEMENT EXECUTE FUNCTION sales_from_order_lines();
--> statement-breakpoint
CREATE TRIGGER "order_lines_sales_delete" AFTER DELETE ON "order_lines"
REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION sales_from_order_lines();
--> statement-breakpoint
CREATE TRIGGER "order_lines_sales_truncate" AFTER TRUNCATE ON "order_lines"
FOR EACH STATEMENT EXECUTE FUNCTION sales_from_order_lines();
--> statement-breakpoint
-- An order deleted: its lines counted off while they can still be read (the cascade that removes
-- them runs after, and its trigger finds no order to count them by).
CREATE FUNCTION sales_lines_of_deleted_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'CANCELLED' THEN
    PERFORM count_sales_lines(array(
      SELECT row(OLD.merchant_id, OLD.placed_at, l.product_id, -1, l.quantity, l.subtotal_cents, l.gst_cents,
        l.gst_rate_basis_points)::sales_line_change
      FROM order_lines l WHERE l.order_id = OLD.id));
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_lines_delete" BEFORE DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION sales_lines_of_deleted_order();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_from_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
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
    -- Cancelled, or moved to another time or merchant: the lines go with the order, counted off
    -- where they were and on where they are.
    PERFORM count_sales_lines(array(
      SELECT row(c.merchant_id, c.placed_at, l.product_id, c.sign, l.quantity, l.subtotal_cents, l.gst_cents,
        l.gst_rate_basis_points)::sales_line_change
      FROM (
        SELECT n.id, n.merchant_id, n.placed_at, 1 AS sign
        FROM new_orders n JOIN old_orders o ON o.id = n.id
        WHERE n.status <> 'CANCELLED'
          AND (o.status = 'CANCELLED' OR (o.merchant_id, o.placed_at) IS DISTINCT FROM (n.merchant_id, n.placed_at))
        UNION ALL
        SELECT o.id, o.merchant_id, o.placed_at, -1
        FROM new_orders n JOIN old_orders o ON o.id = n.id
        WHERE o.status <> 'CANCELLED'
          AND (n.status = 'CANCELLED' OR (o.merchant_id, o.placed_at) IS DISTINCT FROM (n.merchant_id, n.placed_at))
      ) c JOIN order_lines l ON l.order_id = c.id));
  ELSE
    -- TRUNCATE: nothing was sold.
    DELETE FROM sales_changes;
    DELETE FROM sales_totals;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receivables_owed_from_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  contributions constant text := $q$
    SELECT s.merchant_id, s.due_date, s.customer_account_id, %2$s AS sign,
      s.total_cents - s.paid_cents AS owed
    FROM %1$s s
    WHERE s.paid_cents < s.total_cents AND s.status <> 'CANCELLED' %3$s
  $q$;
  unchanged constant text := $q$
    AND NOT EXISTS (
      SELECT 1 FROM %1$s o WHERE o.id = s.id AND o.merchant_id = s.merchant_id
        AND o.customer_account_id = s.customer_account_id AND o.due_date = s.due_date
        AND o.total_cents = s.total_cents AND o.paid_cents = s.paid_cents AND o.status <> 'CANCELLED'
    )
  $q$;
  add constant text := $q$
    WITH changed AS (%1$s), accounts AS (
      SELECT a.id, a.merchant_id, a.is_payments_enabled FROM customer_accounts a
      WHERE a.id IN (SELECT customer_account_id FROM changed)
      ORDER BY a.id
      FOR KEY SHARE
    )
    INSERT INTO receivables_owed_changes (merchant_id, due_date, order_count, owed_cents)
    SELECT c.merchant_id, c.due_date, sum(c.sign), sum(c.sign * c.owed)
    FROM changed c JOIN accounts a ON a.id = c.customer_account_id AND a.merchant_id = c.merchant_id
    WHERE a.is_payments_enabled
    GROUP BY c.merchant_id, c.due_date
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.owed) <> 0
  $q$;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- format(add, format(contributions, 'new_orders', '1', '')), written out; with the sales
    -- rollups' contribution of the new orders (sales_from_orders' other branches) in the same
    -- statement.
    WITH sales AS (
      INSERT INTO sales_changes
        (merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents)
      SELECT s.merchant_id, date_bin('15 minutes', s.placed_at, timestamptz '2000-01-01 00:00+00'),
        count(*), sum(s.subtotal_cents), sum(s.delivery_fee_cents), sum(s.gst_cents), sum(s.total_cents)
      FROM new_orders s
      WHERE s.status <> 'CANCELLED'
      GROUP BY 1, 2
    ), changed AS (
      SELECT s.merchant_id, s.due_date, s.customer_account_id, 1 AS sign,
        s.total_cents - s.paid_cents AS owed
      FROM new_orders s
      WHERE s.paid_cents < s.total_cents AND s.status <> 'CANCELLED'
    ), accounts AS (
      SELECT a.id, a.merchant_id, a.is_payments_enabled FROM customer_accounts a
      WHERE a.id IN (SELECT customer_account_id FROM changed)
      ORDER BY a.id
      FOR KEY SHARE
    )
    INSERT INTO receivables_owed_changes (merchant_id, due_date, order_count, owed_cents)
    SELECT c.merchant_id, c.due_date, sum(c.sign), sum(c.sign * c.owed)
    FROM changed c JOIN accounts a ON a.id = c.customer_account_id AND a.merchant_id = c.merchant_id
    WHERE a.is_payments_enabled
    GROUP BY c.merchant_id, c.due_date
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.owed) <> 0;
    -- The lines written before their order were counted as placed when written, by a live order
    -- (see the top of 0028): moved where the order says, when it says otherwise.
    IF EXISTS (
      SELECT 1 FROM new_orders n JOIN order_lines l ON l.order_id = n.id
      WHERE (l.merchant_id, l.created_at) IS DISTINCT FROM (n.merchant_id, n.placed_at) OR n.status = 'CANCELLED'
    ) THEN
      PERFORM count_sales_lines(array(
        SELECT row(m.merchant_id, m.placed_at, l.product_id, m.sign, l.quantity, l.subtotal_cents, l.gst_cents,
          l.gst_rate_basis_points)::sales_line_change
        FROM new_orders n
        JOIN order_lines l ON l.order_id = n.id
        CROSS JOIN LATERAL (VALUES
          (l.merchant_id, l.created_at, -1),
          (n.merchant_id, n.placed_at, CASE WHEN n.status = 'CANCELLED' THEN 0 ELSE 1 END)
        ) m(merchant_id, placed_at, sign)
        WHERE ((l.merchant_id, l.created_at) IS DISTINCT FROM (n.merchant_id, n.placed_at) OR n.status = 'CANCELLED')
          AND m.sign <> 0));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(add, format(contributions, 'old_orders', '-1', ''));
  ELSIF TG_OP = 'UPDATE' THEN
    -- The columns `contributions` and `unchanged` read, compared row by row.
    IF NOT EXISTS (
      SELECT 1 FROM new_orders n FULL JOIN old_orders o ON o.id = n.id
      WHERE (n.merchant_id, n.customer_account_id, n.due_date, n.total_cents, n.paid_cents, n.status)
        IS DISTINCT FROM (o.merchant_id, o.customer_account_id, o.due_date, o.total_cents, o.paid_cents, o.status)
    ) THEN
      RETURN NULL;
    END IF;
    EXECUTE format(add,
      format(contributions, 'new_orders', '1', format(unchanged, 'old_orders'))
      || ' UNION ALL '
      || format(contributions, 'old_orders', '-1', format(unchanged, 'new_orders')));
  ELSE
    -- TRUNCATE: no order owes anything.
    DELETE FROM receivables_owed_changes;
    DELETE FROM receivables_owed_totals;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every line of a merchant counted again on the days of its current time zone.
CREATE FUNCTION rebuild_sales_products(merchant uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_product_changes WHERE merchant_id = merchant;
  DELETE FROM sales_product_totals WHERE merchant_id = merchant;
  INSERT INTO sales_product_changes (merchant_id, day, product_id, line_count, quantity, subtotal_cents, gst_cents)
  SELECT o.merchant_id, (o.placed_at AT TIME ZONE g.time_zone)::date, l.product_id, count(*), sum(l.quantity),
    sum(l.subtotal_cents), sum(l.gst_cents)
  FROM orders o
  JOIN organisations g ON g.id = o.merchant_id
  JOIN order_lines l ON l.order_id = o.id
  WHERE o.merchant_id = merchant AND o.status <> 'CANCELLED'
  GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
CREATE FUNCTION sales_products_of_new_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rebuild_sales_products(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "organisations_sales_zone" AFTER UPDATE OF time_zone ON "organisations"
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
EXECUTE FUNCTION sales_products_of_new_zone();
--> statement-breakpoint
-- The lines already on orders, counted once.
INSERT INTO sales_product_changes (merchant_id, day, product_id, line_count, quantity, subtotal_cents, gst_cents)
SELECT o.merchant_id, (o.placed_at AT TIME ZONE g.time_zone)::date, l.product_id, count(*), sum(l.quantity),
  sum(l.subtotal_cents), sum(l.gst_cents)
FROM orders o
JOIN organisations g ON g.id = o.merchant_id
JOIN order_lines l ON l.order_id = o.id
WHERE o.status <> 'CANCELLED'
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO sales_changes
  (merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents, gst_free_cents)
SELECT o.merchant_id, date_bin('15 minutes', o.placed_at, timestamptz '2000-01-01 00:00+00'), 0, 0, 0, 0, 0,
  sum(l.subtotal_cents)
FROM orders o
JOIN order_lines l ON l.order_id = o.id
WHERE o.status <> 'CANCELLED' AND l.gst_rate_basis_points = 0
GROUP BY 1, 2;
