-- Placing an order inserts it while it holds the merchant's order-counter row (place-order.queries.ts),
-- so every concurrent placing of the merchant waits for that insert's triggers. Two of them planned
-- their SQL afresh on every order:
-- - the receivables rollups' INSERT branch (0018) ran through EXECUTE, planned each time (0.2 ms);
--   it is now the same statement written out, which PL/pgSQL plans once per connection. UPDATE and
--   DELETE keep EXECUTE: they compare the two transition tables, written once in 0018's templates.
--   Payments get the same, for recording a payment.
-- - an UPDATE of orders that changes nothing the rollups count (confirming an order, its notes,
--   its delivery date) planned and ran the comparison of both transition tables; a cheaper static
--   test of the same columns now returns first. Payments likewise.
-- - order_search_text (0019) was a SQL function, whose body PostgreSQL 15 plans again in every
--   transaction; as PL/pgSQL its query's plan is kept by the connection too.
CREATE OR REPLACE FUNCTION order_search_text(order_id uuid, customer_name text, purchase_order_number text)
RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN lower(concat_ws(E'\n', customer_name, purchase_order_number, (
    SELECT string_agg(concat_ws(' ', l.name, l.sku), E'\n' ORDER BY l.position, l.id)
    FROM order_lines l WHERE l.order_id = order_search_text.order_id)));
END
$$;--> statement-breakpoint
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
    -- format(add, format(contributions, 'new_orders', '1', '')), written out.
    WITH changed AS (
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION receivables_received_from_payments() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  contributions constant text := $q$
    SELECT s.merchant_id, s.paid_on, s.method, %2$s AS sign,
      s.amount_cents - s.refunded_cents AS amount
    FROM %1$s s
    WHERE s.state IN ('SUCCESSFUL', 'REFUNDED') %3$s
  $q$;
  unchanged constant text := $q$
    AND NOT EXISTS (
      SELECT 1 FROM %1$s o WHERE o.id = s.id AND o.merchant_id = s.merchant_id
        AND o.paid_on = s.paid_on AND o.method = s.method AND o.state IN ('SUCCESSFUL', 'REFUNDED')
        AND o.amount_cents - o.refunded_cents = s.amount_cents - s.refunded_cents
    )
  $q$;
  add constant text := $q$
    INSERT INTO receivables_received_changes (merchant_id, paid_on, method, payment_count, amount_cents)
    SELECT c.merchant_id, c.paid_on, c.method, sum(c.sign), sum(c.sign * c.amount)
    FROM (%1$s) c
    GROUP BY c.merchant_id, c.paid_on, c.method
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0
  $q$;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- format(add, format(contributions, 'new_payments', '1', '')), written out.
    INSERT INTO receivables_received_changes (merchant_id, paid_on, method, payment_count, amount_cents)
    SELECT c.merchant_id, c.paid_on, c.method, sum(c.sign), sum(c.sign * c.amount)
    FROM (
      SELECT s.merchant_id, s.paid_on, s.method, 1 AS sign, s.amount_cents - s.refunded_cents AS amount
      FROM new_payments s
      WHERE s.state IN ('SUCCESSFUL', 'REFUNDED')
    ) c
    GROUP BY c.merchant_id, c.paid_on, c.method
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(add, format(contributions, 'old_payments', '-1', ''));
  ELSIF TG_OP = 'UPDATE' THEN
    -- The columns `contributions` and `unchanged` read, compared row by row.
    IF NOT EXISTS (
      SELECT 1 FROM new_payments n FULL JOIN old_payments o ON o.id = n.id
      WHERE (n.merchant_id, n.paid_on, n.method, n.state, n.amount_cents, n.refunded_cents)
        IS DISTINCT FROM (o.merchant_id, o.paid_on, o.method, o.state, o.amount_cents, o.refunded_cents)
    ) THEN
      RETURN NULL;
    END IF;
    EXECUTE format(add,
      format(contributions, 'new_payments', '1', format(unchanged, 'old_payments'))
      || ' UNION ALL '
      || format(contributions, 'old_payments', '-1', format(unchanged, 'new_payments')));
  ELSE
    DELETE FROM receivables_received_changes;
    DELETE FROM receivables_received_totals;
  END IF;
  RETURN NULL;
END
$$;
