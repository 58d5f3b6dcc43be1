-- The payments overview's rollups (schema/receivables-rollups.ts, read and compacted by
-- modules/receivables/receivables-rollups.queries.ts), kept by triggers: every write to orders,
-- payments or a customer account's tracking adds insert-only change rows, whatever code wrote it.
-- Statement-level, on transition tables: a seed's 10,000-row insert is one grouped insert. EXECUTE
-- plans each run for the rows it has (see 0012). Contributions, each the same predicate as the
-- direct aggregates (outstanding.queries.ts, received.queries.ts):
-- - an order: (merchant, due_date, 1, total − paid) when paid < total, status <> 'CANCELLED' and
--   its customer account tracks payments;
-- - a payment: (merchant, paid_on, method, 1, amount − refunded) when its state is counted
--   (COUNTED_PAYMENT_STATES in packages/contract: SUCCESSFUL, REFUNDED).
-- A write subtracts the old rows' contributions and adds the new ones'; rows an UPDATE left the
-- same (%3$s) and groups that net to nothing add no change.
CREATE FUNCTION receivables_owed_from_orders() RETURNS trigger
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
  -- The accounts are locked FOR KEY SHARE (the lock every foreign key check takes, which no other
  -- writer of orders or accounts waits for) and read in the same statement: a flip of an account's
  -- tracking locks it FOR UPDATE first (customer_accounts_tracking_lock), so it either waits for
  -- this transaction and then sees its orders, or this waits for the flip and sees the new value.
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
    EXECUTE format(add, format(contributions, 'new_orders', '1', ''));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(add, format(contributions, 'old_orders', '-1', ''));
  ELSIF TG_OP = 'UPDATE' THEN
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
CREATE FUNCTION receivables_received_from_payments() RETURNS trigger
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
    EXECUTE format(add, format(contributions, 'new_payments', '1', ''));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(add, format(contributions, 'old_payments', '-1', ''));
  ELSIF TG_OP = 'UPDATE' THEN
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
--> statement-breakpoint
-- Before an account's tracking flips, wait for every transaction writing its orders (they hold
-- FOR KEY SHARE on it until they end) and hold off new ones: the row is already locked FOR NO KEY
-- UPDATE by the UPDATE itself, which does not conflict with KEY SHARE; FOR UPDATE does.
CREATE FUNCTION receivables_tracking_lock() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM customer_accounts WHERE id = OLD.id FOR UPDATE;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A flip adds (tracked) or takes away (untracked) all of the account's outstanding orders, read
-- after the lock above, so including those of the transactions it waited for. An account's id
-- and merchant never change; a new account has no orders, and one with orders cannot be deleted.
CREATE FUNCTION receivables_owed_from_tracking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
    INSERT INTO receivables_owed_changes (merchant_id, due_date, order_count, owed_cents)
    SELECT o.merchant_id, o.due_date, sum(f.sign), sum(f.sign * (o.total_cents - o.paid_cents))
    FROM (
      SELECT n.id, n.merchant_id, CASE WHEN n.is_payments_enabled THEN 1 ELSE -1 END AS sign
      FROM new_accounts n JOIN old_accounts p ON p.id = n.id
      WHERE n.is_payments_enabled IS DISTINCT FROM p.is_payments_enabled
    ) f
    JOIN orders o ON o.customer_account_id = f.id AND o.merchant_id = f.merchant_id
    WHERE o.paid_cents < o.total_cents AND o.status <> 'CANCELLED'
    GROUP BY o.merchant_id, o.due_date
  $q$;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No order, payment or account is written while the backfill reads them (other API processes
-- may still run), so none is missed between the backfill and the triggers.
LOCK TABLE "customer_accounts", "orders", "payments" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "receivables_owed_totals" ("merchant_id", "due_date", "order_count", "owed_cents")
SELECT o.merchant_id, o.due_date, count(*), sum(o.total_cents - o.paid_cents)
FROM "orders" o
JOIN "customer_accounts" a
  ON a.id = o.customer_account_id AND a.merchant_id = o.merchant_id AND a.is_payments_enabled
WHERE o.paid_cents < o.total_cents AND o.status <> 'CANCELLED'
GROUP BY o.merchant_id, o.due_date;
--> statement-breakpoint
INSERT INTO "receivables_received_totals" ("merchant_id", "paid_on", "method", "payment_count", "amount_cents")
SELECT merchant_id, paid_on, method, count(*), sum(amount_cents - refunded_cents)
FROM "payments"
WHERE state IN ('SUCCESSFUL', 'REFUNDED')
GROUP BY merchant_id, paid_on, method;
--> statement-breakpoint
CREATE TRIGGER "orders_receivables_insert" AFTER INSERT ON "orders"
REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION receivables_owed_from_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_receivables_update" AFTER UPDATE ON "orders"
REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION receivables_owed_from_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_receivables_delete" AFTER DELETE ON "orders"
REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION receivables_owed_from_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_receivables_truncate" AFTER TRUNCATE ON "orders"
FOR EACH STATEMENT EXECUTE FUNCTION receivables_owed_from_orders();
--> statement-breakpoint
CREATE TRIGGER "payments_receivables_insert" AFTER INSERT ON "payments"
REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION receivables_received_from_payments();
--> statement-breakpoint
CREATE TRIGGER "payments_receivables_update" AFTER UPDATE ON "payments"
REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments
FOR EACH STATEMENT EXECUTE FUNCTION receivables_received_from_payments();
--> statement-breakpoint
CREATE TRIGGER "payments_receivables_delete" AFTER DELETE ON "payments"
REFERENCING OLD TABLE AS old_payments FOR EACH STATEMENT EXECUTE FUNCTION receivables_received_from_payments();
--> statement-breakpoint
CREATE TRIGGER "payments_receivables_truncate" AFTER TRUNCATE ON "payments"
FOR EACH STATEMENT EXECUTE FUNCTION receivables_received_from_payments();
--> statement-breakpoint
CREATE TRIGGER "customer_accounts_tracking_lock" BEFORE UPDATE ON "customer_accounts"
FOR EACH ROW WHEN (OLD.is_payments_enabled IS DISTINCT FROM NEW.is_payments_enabled)
EXECUTE FUNCTION receivables_tracking_lock();
--> statement-breakpoint
CREATE TRIGGER "customer_accounts_receivables_update" AFTER UPDATE ON "customer_accounts"
REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts
FOR EACH STATEMENT EXECUTE FUNCTION receivables_owed_from_tracking();
