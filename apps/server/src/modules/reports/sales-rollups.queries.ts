import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { startOfDayIn } from '../../platform/db/zone-days.ts';
import { monthsOf } from './calendar-pieces.ts';

// What merchants sold, read from the rollups the database keeps as orders change
// (schema/sales-rollups.ts, migration 0025) rather than summed over orders on every request: a
// month is at most 2,976 quarter-hour rows, however many orders it had.
// - Reads: totals ∪ pending changes of the periods in range, grouped into the merchant's days, in
//   one statement (one snapshot: a compaction's deletes and upserts are seen together or not).
// - Compaction: `compactSalesRollups` folds the changes into the totals, beside the receivables
//   rollups' (rollups-compaction.job.ts), every minute and after seeding.
// The answers equal the direct aggregate over orders (sumSalesByDayFromOrders), which stays as the
// tests' oracle.

/** Sales of a day or month: orders not cancelled, by the day they were placed in the merchant's zone. */
export type SalesDay = {
  /** The first day of the day or month. */
  day: string;
  orderCount: number;
  subtotalCents: number;
  deliveryFeeCents: number;
  gstCents: number;
  totalCents: number;
  /** The lines charged no GST, ex GST (delivery is not among them: exemptDeliveryByPeriod). */
  gstFreeCents: number;
};

type SalesRange = { merchantId: string; timeZone: string; from: string; to: string };

const daySums = sql`sum(order_count)::bigint as order_count, sum(subtotal_cents)::bigint as subtotal_cents,
  sum(delivery_fee_cents)::bigint as delivery_fee_cents, sum(gst_cents)::bigint as gst_cents,
  sum(total_cents)::bigint as total_cents, sum(gst_free_cents)::bigint as gst_free_cents`;

type SalesDayRow = {
  day: string;
  order_count: string | number;
  subtotal_cents: string | number;
  delivery_fee_cents: string | number;
  gst_cents: string | number;
  total_cents: string | number;
  gst_free_cents: string | number;
};

const toSalesDay = (row: SalesDayRow): SalesDay => ({
  day: row.day,
  orderCount: Number(row.order_count),
  subtotalCents: Number(row.subtotal_cents),
  deliveryFeeCents: Number(row.delivery_fee_cents),
  gstCents: Number(row.gst_cents),
  totalCents: Number(row.total_cents),
  gstFreeCents: Number(row.gst_free_cents),
});

/**
 * A merchant's sales on each day of [from, to) in its zone that had any, from the rollups. The
 * periods are put in their days by a binary search of the days' first instants (width_bucket),
 * not by converting each period to the zone: a month is ~3,000 periods and 30 days.
 */
export async function sumSalesByDay(db: Db, range: SalesRange): Promise<SalesDay[]> {
  return sumSalesByPeriod(db, {
    ...range,
    starts: sql`(
    select array_agg(day::date order by day)
    from generate_series(${range.from}::date, ${range.to}::date - 1, interval '1 day') day)`,
  });
}

/** The same, by month (the first clipped to `from`): the GST report's months. */
export async function sumSalesByMonth(db: Db, range: SalesRange): Promise<SalesDay[]> {
  return sumSalesByPeriod(db, {
    ...range,
    starts: sql`${sql.param(monthsOf(range).map((month) => month.from))}::date[]`,
  });
}

async function sumSalesByPeriod(db: Db, range: SalesRange & { starts: SQL }): Promise<SalesDay[]> {
  const { merchantId, timeZone } = range;
  const from = startOfDayIn(range.from, timeZone);
  const to = startOfDayIn(range.to, timeZone);
  const result = await db.execute(sql`
    with buckets as (
      select starts, array(select ${startOfDayIn(sql`day`, timeZone)} from unnest(starts) day) as instants
      from (select ${range.starts} as starts) given
    )
    select to_char(buckets.starts[bucket], 'YYYY-MM-DD') as day, order_count, subtotal_cents,
      delivery_fee_cents, gst_cents, total_cents, gst_free_cents
    from buckets, (
      select width_bucket(periods.period_start, buckets.instants) as bucket, ${daySums}
      from buckets, (
        select period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents, gst_free_cents
        from sales_totals
        where merchant_id = ${merchantId} and period_start >= ${from} and period_start < ${to}
        union all
        select period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents, gst_free_cents
        from sales_changes
        where merchant_id = ${merchantId} and period_start >= ${from} and period_start < ${to}
      ) periods
      group by 1
      having sum(order_count) <> 0 or sum(total_cents) <> 0 or sum(gst_free_cents) <> 0
    ) by_bucket
    order by 1`);
  return (result as unknown as { rows: SalesDayRow[] }).rows.map(toSalesDay);
}

/** The same figures summed over the orders themselves: the rollups' oracle in tests. */
export async function sumSalesByDayFromOrders(db: Db, range: SalesRange): Promise<SalesDay[]> {
  const { merchantId, timeZone } = range;
  const result = await db.execute(sql`
    with sold as (
      select id, to_char(placed_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, subtotal_cents,
        delivery_fee_cents, gst_cents, total_cents
      from orders
      where merchant_id = ${merchantId} and status <> 'CANCELLED'
        and placed_at >= ${startOfDayIn(range.from, timeZone)} and placed_at < ${startOfDayIn(range.to, timeZone)}
    ), free as (
      select sold.day, sum(l.subtotal_cents) as gst_free_cents
      from sold join order_lines l on l.order_id = sold.id
      where l.gst_rate_basis_points = 0
      group by sold.day
    )
    select sold.day, count(*) as order_count, sum(subtotal_cents)::bigint as subtotal_cents,
      sum(delivery_fee_cents)::bigint as delivery_fee_cents, sum(gst_cents)::bigint as gst_cents,
      sum(total_cents)::bigint as total_cents, coalesce(min(free.gst_free_cents), 0)::bigint as gst_free_cents
    from sold left join free on free.day = sold.day
    group by sold.day
    order by 1`);
  return (result as unknown as { rows: SalesDayRow[] }).rows.map(toSalesDay);
}

/**
 * Folds every committed change row into the totals in one transaction: the statement deletes the
 * changes it reads (`delete … returning`) and adds their sums, so a change is counted once even
 * when two compactions run at once. Periods are upserted in key order (no deadlocks), and periods
 * that net to nothing are removed. Returns how many change rows it folded.
 */
export async function compactSalesRollups(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with folded as (
        delete from sales_changes
        returning merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents,
          total_cents, gst_free_cents
      ), summed as (
        select merchant_id, period_start, sum(order_count) as order_count,
          sum(subtotal_cents) as subtotal_cents, sum(delivery_fee_cents) as delivery_fee_cents,
          sum(gst_cents) as gst_cents, sum(total_cents) as total_cents, sum(gst_free_cents) as gst_free_cents,
          count(*) as folded
        from folded group by merchant_id, period_start
      ), upserted as (
        insert into sales_totals as t
          (merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents,
            gst_free_cents)
        select merchant_id, period_start, order_count, subtotal_cents, delivery_fee_cents, gst_cents, total_cents,
          gst_free_cents
        from summed order by merchant_id, period_start
        on conflict (merchant_id, period_start) do update
          set order_count = t.order_count + excluded.order_count,
            subtotal_cents = t.subtotal_cents + excluded.subtotal_cents,
            delivery_fee_cents = t.delivery_fee_cents + excluded.delivery_fee_cents,
            gst_cents = t.gst_cents + excluded.gst_cents,
            total_cents = t.total_cents + excluded.total_cents,
            gst_free_cents = t.gst_free_cents + excluded.gst_free_cents
        returning merchant_id, period_start, order_count, total_cents, gst_free_cents
      )
      select (select coalesce(sum(folded), 0) from summed)::int as folded,
        coalesce(json_agg(json_build_object('m', merchant_id, 'p', period_start))
          filter (where order_count = 0 and total_cents = 0 and gst_free_cents = 0), '[]') as empty
      from upserted`);
    const [row] = (result as unknown as { rows: { folded: number; empty: unknown }[] }).rows;
    if (!row) return 0;
    const empty = typeof row.empty === 'string' ? row.empty : JSON.stringify(row.empty);
    if (empty !== '[]') {
      // Rechecked on delete: another compaction may have added to a period since.
      await tx.execute(sql`
        delete from sales_totals t
        using json_to_recordset(${empty}::json) as e(m uuid, p timestamptz)
        where t.merchant_id = e.m and t.period_start = e.p and t.order_count = 0 and t.total_cents = 0
          and t.gst_free_cents = 0`);
    }
    return Number(row.folded);
  });
}
