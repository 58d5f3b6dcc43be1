import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

// The product sales rollups' upkeep (schema/sales-rollups.ts, migration 0028): the minutely
// compaction folds each change into its product's day, month and year, and the oracle the tests
// hold the rollups to. Reads are sales-rows.queries.ts.

/**
 * Folds every committed change row into the day, month and year totals in one transaction, as
 * compactSalesRollups does the quarter hours: the changes are deleted as they are read, rows are
 * upserted in key order, and rows that net to nothing are removed. Returns the rows folded.
 */
export async function compactProductSalesRollups(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with folded as (
        delete from sales_product_changes
        returning merchant_id, day, product_id, line_count, quantity, subtotal_cents, gst_cents
      ), summed as (
        select f.merchant_id, l.level, l.period_start, f.product_id, sum(f.line_count) as line_count,
          sum(f.quantity) as quantity, sum(f.subtotal_cents) as subtotal_cents, sum(f.gst_cents) as gst_cents,
          count(*) as folded
        from folded f, lateral (values
          ('day', f.day),
          ('month', date_trunc('month', f.day)::date),
          ('year', date_trunc('year', f.day)::date)
        ) l(level, period_start)
        group by 1, 2, 3, 4
      ), upserted as (
        insert into sales_product_totals as t
          (merchant_id, level, period_start, product_id, line_count, quantity, subtotal_cents, gst_cents)
        select merchant_id, level, period_start, product_id, line_count, quantity, subtotal_cents, gst_cents
        from summed order by merchant_id, level, period_start, product_id
        on conflict (merchant_id, level, period_start, product_id) do update
          set line_count = t.line_count + excluded.line_count,
            quantity = t.quantity + excluded.quantity,
            subtotal_cents = t.subtotal_cents + excluded.subtotal_cents,
            gst_cents = t.gst_cents + excluded.gst_cents
        returning merchant_id, level, period_start, product_id, line_count, quantity, subtotal_cents, gst_cents
      )
      select (select coalesce(sum(folded), 0) from summed where level = 'day')::int as folded,
        coalesce(json_agg(json_build_object('m', merchant_id, 'l', level, 'p', period_start, 'i', product_id))
          filter (where line_count = 0 and quantity = 0 and subtotal_cents = 0 and gst_cents = 0), '[]') as empty
      from upserted`);
    const [row] = (result as unknown as { rows: { folded: number; empty: unknown }[] }).rows;
    if (!row) return 0;
    const empty = typeof row.empty === 'string' ? row.empty : JSON.stringify(row.empty);
    if (empty !== '[]') {
      // Rechecked on delete: another compaction may have added to a row since.
      await tx.execute(sql`
        delete from sales_product_totals t
        using json_to_recordset(${empty}::json) as e(m uuid, l text, p date, i uuid)
        where t.merchant_id = e.m and t.level = e.l and t.period_start = e.p and t.product_id = e.i
          and t.line_count = 0 and t.quantity = 0 and t.subtotal_cents = 0 and t.gst_cents = 0`);
    }
    return Number(row.folded);
  });
}

export type ProductSales = {
  productId: string;
  lineCount: number;
  quantity: number;
  subtotalCents: number;
  gstCents: number;
};

/** What each product sold in [from, to) of the zone, summed over the lines: the tests' oracle. */
export async function sumProductSalesFromLines(
  db: Db,
  range: { merchantId: string; timeZone: string; from: string; to: string },
): Promise<ProductSales[]> {
  const result = await db.execute(sql`
    select l.product_id, count(*) as line_count, sum(l.quantity) as quantity,
      sum(l.subtotal_cents) as subtotal_cents, sum(l.gst_cents) as gst_cents
    from orders o join order_lines l on l.order_id = o.id
    where o.merchant_id = ${range.merchantId} and o.status <> 'CANCELLED'
      and (o.placed_at at time zone ${range.timeZone})::date >= ${range.from}::date
      and (o.placed_at at time zone ${range.timeZone})::date < ${range.to}::date
    group by l.product_id
    order by l.product_id`);
  return (
    result as unknown as {
      rows: {
        product_id: string;
        line_count: string;
        quantity: string;
        subtotal_cents: string;
        gst_cents: string;
      }[];
    }
  ).rows.map((row) => ({
    productId: row.product_id,
    lineCount: Number(row.line_count),
    quantity: Number(row.quantity),
    subtotalCents: Number(row.subtotal_cents),
    gstCents: Number(row.gst_cents),
  }));
}
