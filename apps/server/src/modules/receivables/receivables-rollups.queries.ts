import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import {
  receivablesOwedChanges,
  receivablesOwedTotals,
  receivablesReceivedChanges,
  receivablesReceivedTotals,
} from '../../platform/db/schema/index.ts';

// The payments overview's figures, kept as money moves rather than summed on every request
// (issue 11's budget: aggregating 167,000 outstanding orders took 143 ms a request).
//
// - Changes: triggers on orders, payments and customer_accounts (migration 0018) add a change row
//   for every write: (merchant, due date, ±orders, ±cents owed) and (merchant, day, method,
//   ±payments, ±cents received). Insert-only, so twenty writers for one merchant never queue on a
//   summary row or deadlock over one. An account's tracking flipping adds or takes away all its
//   outstanding orders; order writers hold FOR KEY SHARE on their accounts so a flip and an order
//   write never miss each other.
// - Totals: per merchant and due date, per merchant, day and method. `compactReceivablesRollups`
//   folds the changes into them in one transaction (the changes it deletes are the ones it sums),
//   every minute (rollups-compaction.job.ts) and after seeding.
// - Reads: totals ∪ pending changes, grouped, in one statement, so one snapshot: a compaction
//   commits its deletes and upserts together and a read sees all of it or none. A few hundred to
//   a few thousand rows, whatever the number of orders and payments.
// The answers equal the direct aggregates (sumOutstandingByDueDate, sumReceivedByMethodAndDay),
// which stay as the tests' oracle (receivables-rollups.property.test.ts).

/**
 * A merchant's owed rows, the totals and the changes not yet compacted, as one subquery of
 * (due date, count, cents); only those due before `dueBefore` when given.
 */
function owedRows(db: Db, options: { merchantId: string; dueBefore?: string }) {
  const { merchantId, dueBefore } = options;
  const totals = receivablesOwedTotals;
  const changes = receivablesOwedChanges;
  return unionAll(
    db
      .select({ dueDate: totals.dueDate, count: totals.orderCount, cents: totals.owedCents })
      .from(totals)
      .where(and(eq(totals.merchantId, merchantId), dueBefore ? lt(totals.dueDate, dueBefore) : undefined)),
    db
      .select({ dueDate: changes.dueDate, count: changes.orderCount, cents: changes.owedCents })
      .from(changes)
      .where(and(eq(changes.merchantId, merchantId), dueBefore ? lt(changes.dueDate, dueBefore) : undefined)),
  ).as('owed');
}

/**
 * A merchant's outstanding orders counted and summed per due date (the days with any). Same rows
 * as sumOutstandingByDueDate.
 */
export async function sumOwedByDueDate(db: Db, options: { merchantId: string }) {
  const owed = owedRows(db, options);
  return (
    db
      .select({
        dueDate: owed.dueDate,
        count: sql<number>`sum(${owed.count})`.mapWith(Number),
        cents: sql<number>`sum(${owed.cents})`.mapWith(Number),
      })
      .from(owed)
      .groupBy(owed.dueDate)
      // A day whose orders were all paid nets to no orders (and so no cents) until compacted away.
      .having(sql`sum(${owed.count}) <> 0`)
  );
}

/**
 * A merchant's orders overdue on `today` (the contract's isOverdue: due before today), counted and
 * summed in the database: the rows of sumOwedByDueDate that are overdue, added up. The merchant's
 * home shows only these two figures, and turning sumOwedByDueDate's rows (a day each: 754 on the
 * large data set) into objects cost the API more than summing them costs PostgreSQL.
 */
export async function sumOverdue(
  db: Db,
  options: { merchantId: string; today: string },
): Promise<{ count: number; cents: number }> {
  const owed = owedRows(db, { merchantId: options.merchantId, dueBefore: options.today });
  const [row] = await db
    .select({
      count: sql<number>`coalesce(sum(${owed.count}), 0)`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${owed.cents}), 0)`.mapWith(Number),
    })
    .from(owed);
  return row!;
}

/**
 * What a merchant received on each day of [from, to) by method (the days and methods with any
 * counted payment). Same rows as sumReceivedByMethodAndDay.
 */
export async function sumReceivedByMethodAndDayRollup(
  db: Db,
  options: { merchantId: string; from: string; to: string },
) {
  const totals = receivablesReceivedTotals;
  const changes = receivablesReceivedChanges;
  const parts = unionAll(
    db
      .select({
        method: totals.method,
        paidOn: totals.paidOn,
        count: totals.paymentCount,
        cents: totals.amountCents,
      })
      .from(totals)
      .where(
        and(
          eq(totals.merchantId, options.merchantId),
          gte(totals.paidOn, options.from),
          lt(totals.paidOn, options.to),
        ),
      ),
    db
      .select({
        method: changes.method,
        paidOn: changes.paidOn,
        count: changes.paymentCount,
        cents: changes.amountCents,
      })
      .from(changes)
      .where(
        and(
          eq(changes.merchantId, options.merchantId),
          gte(changes.paidOn, options.from),
          lt(changes.paidOn, options.to),
        ),
      ),
  ).as('received');
  return db
    .select({
      method: parts.method,
      paidOn: parts.paidOn,
      count: sql<number>`sum(${parts.count})`.mapWith(Number),
      cents: sql<number>`sum(${parts.cents})`.mapWith(Number),
    })
    .from(parts)
    .groupBy(parts.method, parts.paidOn)
    .having(sql`sum(${parts.count}) <> 0`);
}

/**
 * Folds every committed change row into the totals, in one transaction: each statement deletes
 * the changes it reads (`delete … returning`) and adds their sums, so a change is counted once
 * even when two compactions run at once (the second finds the first's rows gone). Totals that
 * net to nothing are removed. Keys are upserted in order, so concurrent compactions cannot
 * deadlock. Returns how many change rows it folded.
 */
export async function compactReceivablesRollups(db: Db): Promise<{ owed: number; received: number }> {
  return db.transaction(async (tx) => {
    const owed = rowsOf(
      await tx.execute(sql`
        with folded as (
          delete from receivables_owed_changes
          returning merchant_id, due_date, order_count, owed_cents
        ), summed as (
          select merchant_id, due_date, sum(order_count) as order_count, sum(owed_cents) as owed_cents,
            count(*) as folded
          from folded group by merchant_id, due_date
        ), upserted as (
          insert into receivables_owed_totals as t (merchant_id, due_date, order_count, owed_cents)
          select merchant_id, due_date, order_count, owed_cents from summed order by merchant_id, due_date
          on conflict (merchant_id, due_date) do update
            set order_count = t.order_count + excluded.order_count,
              owed_cents = t.owed_cents + excluded.owed_cents
          returning merchant_id, due_date, order_count
        )
        select (select coalesce(sum(folded), 0) from summed)::int as folded,
          coalesce(json_agg(json_build_array(merchant_id, due_date)) filter (where order_count = 0), '[]') as empty
        from upserted`),
    );
    const received = rowsOf(
      await tx.execute(sql`
        with folded as (
          delete from receivables_received_changes
          returning merchant_id, paid_on, method, payment_count, amount_cents
        ), summed as (
          select merchant_id, paid_on, method, sum(payment_count) as payment_count,
            sum(amount_cents) as amount_cents, count(*) as folded
          from folded group by merchant_id, paid_on, method
        ), upserted as (
          insert into receivables_received_totals as t (merchant_id, paid_on, method, payment_count, amount_cents)
          select merchant_id, paid_on, method, payment_count, amount_cents from summed
          order by merchant_id, paid_on, method
          on conflict (merchant_id, paid_on, method) do update
            set payment_count = t.payment_count + excluded.payment_count,
              amount_cents = t.amount_cents + excluded.amount_cents
          returning merchant_id, paid_on, method, payment_count
        )
        select (select coalesce(sum(folded), 0) from summed)::int as folded,
          coalesce(json_agg(json_build_array(merchant_id, paid_on, method)) filter (where payment_count = 0), '[]') as empty
        from upserted`),
    );
    // Rechecked on delete: another compaction may have added to a total since.
    if (owed.empty.length > 0) {
      await tx.execute(sql`
        delete from receivables_owed_totals t
        using json_to_recordset(${JSON.stringify(owed.empty.map(([m, d]) => ({ m, d })))}::json) as e(m uuid, d date)
        where t.merchant_id = e.m and t.due_date = e.d and t.order_count = 0`);
    }
    if (received.empty.length > 0) {
      await tx.execute(sql`
        delete from receivables_received_totals t
        using json_to_recordset(${JSON.stringify(received.empty.map(([m, d, k]) => ({ m, d, k })))}::json)
          as e(m uuid, d date, k payment_method)
        where t.merchant_id = e.m and t.paid_on = e.d and t.method = e.k and t.payment_count = 0`);
    }
    return { owed: owed.folded, received: received.folded };
  });
}

/** The one row of a fold: how many change rows it folded, and the keys of totals now empty. */
function rowsOf(result: unknown): { folded: number; empty: string[][] } {
  const [row] = (result as { rows: { folded: number; empty: string[][] | string }[] }).rows;
  if (!row) return { folded: 0, empty: [] };
  // node-postgres parses json; PGlite too, but keep a string answer working.
  const empty = typeof row.empty === 'string' ? (JSON.parse(row.empty) as string[][]) : row.empty;
  return { folded: Number(row.folded), empty };
}
