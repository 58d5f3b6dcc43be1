import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { startOfDayIn } from '../../platform/db/zone-days.ts';
import { calendarPieces } from './calendar-pieces.ts';

// The rows of the sales reports, largest first, with the sums and the count of every row:
// - by product, category and brand: the lines' rollups (schema/sales-rollups.ts, migration 0028)
//   over the range's whole years, whole months and days left over, plus the changes not yet
//   compacted; categories and brands are the products' current ones;
// - by customer: the orders themselves, an index-only scan of orders_merchant_sales_idx (a year of
//   a busy merchant is ~500,000 index entries and no table pages).
// Each is one statement: the rows, the sums and the count come from one snapshot.

export type SalesRowsGrouping = 'product' | 'customer' | 'category' | 'brand';

export type SalesSums = {
  count: number;
  quantity: number;
  subtotalCents: number;
  deliveryFeeCents: number;
  gstCents: number;
  totalCents: number;
};

export type SalesRow = SalesSums & { id: string | null; name: string; sku: string | null };

export type SalesRows = { rows: SalesRow[]; rowCount: number; totals: SalesSums };

type SalesRowsOptions = {
  merchantId: string;
  timeZone: string;
  from: string;
  to: string;
  groupBy: SalesRowsGrouping;
  /** The largest rows only; null: every row (the CSV). */
  limit: number | null;
};

const amountColumns = sql`line_count, quantity, subtotal_cents, gst_cents`;

/** Every rollup row of the merchant's products in [from, to): the pieces' totals and pending changes. */
function productRollupRows(options: Pick<SalesRowsOptions, 'merchantId' | 'from' | 'to'>): SQL {
  const { merchantId } = options;
  const pieces = calendarPieces(options);
  const parts: SQL[] = [];
  if (pieces.years.length > 0) {
    parts.push(sql`select product_id, ${amountColumns} from sales_product_totals
      where merchant_id = ${merchantId} and level = 'year' and period_start = any(${sql.param(pieces.years)}::date[])`);
  }
  if (pieces.months.length > 0) {
    parts.push(sql`select product_id, ${amountColumns} from sales_product_totals
      where merchant_id = ${merchantId} and level = 'month' and period_start = any(${sql.param(pieces.months)}::date[])`);
  }
  for (const days of pieces.days) {
    parts.push(sql`select product_id, ${amountColumns} from sales_product_totals
      where merchant_id = ${merchantId} and level = 'day' and period_start >= ${days.from}::date
        and period_start < ${days.to}::date`);
  }
  parts.push(sql`select product_id, ${amountColumns} from sales_product_changes
    where merchant_id = ${merchantId} and day >= ${options.from}::date and day < ${options.to}::date`);
  return sql.join(parts, sql` union all `);
}

/** The grouped amounts: (id, count, quantity, subtotal_cents, delivery_fee_cents, gst_cents). */
function groupedAmounts(options: SalesRowsOptions): SQL {
  const { merchantId, groupBy } = options;
  if (groupBy === 'customer') {
    return sql`
      select customer_account_id as id, count(*)::bigint as count, null::bigint as quantity,
        sum(subtotal_cents)::bigint as subtotal_cents, sum(delivery_fee_cents)::bigint as delivery_fee_cents,
        sum(gst_cents)::bigint as gst_cents
      from orders
      where merchant_id = ${merchantId} and placed_at >= ${startOfDayIn(options.from, options.timeZone)}
        and placed_at < ${startOfDayIn(options.to, options.timeZone)} and status <> 'CANCELLED'
      group by customer_account_id`;
  }
  // A group that nets to nothing over the range (every line counted off again) is not a row.
  const isSold = sql`sum(r.line_count) <> 0 or sum(r.quantity) <> 0 or sum(r.subtotal_cents) <> 0
    or sum(r.gst_cents) <> 0`;
  if (groupBy === 'product') {
    return sql`
      select r.product_id as id, sum(r.line_count)::bigint as count, sum(r.quantity)::bigint as quantity,
        sum(r.subtotal_cents)::bigint as subtotal_cents, 0::bigint as delivery_fee_cents,
        sum(r.gst_cents)::bigint as gst_cents
      from (${productRollupRows(options)}) r
      group by r.product_id
      having ${isSold}`;
  }
  // The rollup rows summed straight into the products' categories (brands), not first per
  // product: summing a year's ~100,000 products one by one was half the report's time, for sums
  // the groups would add up anyway. The rows left out are the same: over a range, a product's
  // line count is how many of its lines are there, never below zero, and a product with none sums
  // to nothing; so a category (brand) sums to nothing exactly when each of its products does.
  // Products named by the merchant, not joined one by one: tens of thousands of products sold in a
  // year are one hash join with the merchant's products, not as many index lookups.
  const column = groupBy === 'category' ? sql`p.category_id` : sql`p.brand_id`;
  return sql`
    select ${column} as id, sum(r.line_count)::bigint as count, sum(r.quantity)::bigint as quantity,
      sum(r.subtotal_cents)::bigint as subtotal_cents, 0::bigint as delivery_fee_cents,
      sum(r.gst_cents)::bigint as gst_cents
    from products p join (${productRollupRows(options)}) r on r.product_id = p.id
    where p.merchant_id = ${merchantId}
    group by ${column}
    having ${isSold}`;
}

/** The listed rows' names: (id) → (name, sku), for only the rows the answer lists. */
function namedRows(options: SalesRowsOptions): SQL {
  const { merchantId, groupBy } = options;
  switch (groupBy) {
    case 'customer':
      return sql`
        select listed.*, g.id as named_id, g.title as name, null::text as sku
        from listed
        join customer_accounts a on a.id = listed.id
        join organisations g on g.id = a.customer_organisation_id`;
    case 'product':
      return sql`
        select listed.*, listed.id as named_id, p.name, p.sku
        from listed join products p on p.id = listed.id`;
    case 'category':
      return sql`
        with recursive category_paths as (
          select id, name::text as path from categories where merchant_id = ${merchantId} and parent_id is null
          union all
          select c.id, parent.path || ' / ' || c.name
          from categories c join category_paths parent on c.parent_id = parent.id
          where c.merchant_id = ${merchantId}
        )
        select listed.*, listed.id as named_id, coalesce(n.path, 'No category') as name, null::text as sku
        from listed left join category_paths n on n.id = listed.id`;
    case 'brand':
      return sql`
        select listed.*, listed.id as named_id, coalesce(b.name, 'No brand') as name, null::text as sku
        from listed left join brands b on b.id = listed.id and b.merchant_id = ${merchantId}`;
  }
}

type Row = {
  /** The row's id in the answer: a customer's organisation, else the grouped id. */
  named_id: string | null;
  name: string;
  sku: string | null;
  /** Null on the one row of a grouping with no rows (the totals alone). */
  count: string | number | null;
  quantity: string | number | null;
  subtotal_cents: string | number;
  delivery_fee_cents: string | number;
  gst_cents: string | number;
  row_count: string | number;
  t_count: string | number;
  t_quantity: string | number | null;
  t_subtotal_cents: string | number;
  t_delivery_fee_cents: string | number;
  t_gst_cents: string | number;
};

function sums(values: {
  count: string | number;
  quantity: string | number | null;
  subtotal: string | number;
  delivery: string | number;
  gst: string | number;
}): SalesSums {
  const subtotalCents = Number(values.subtotal);
  const deliveryFeeCents = Number(values.delivery);
  const gstCents = Number(values.gst);
  return {
    count: Number(values.count),
    quantity: Number(values.quantity ?? 0),
    subtotalCents,
    deliveryFeeCents,
    gstCents,
    totalCents: subtotalCents + deliveryFeeCents + gstCents,
  };
}

const NO_SALES: SalesSums = {
  count: 0,
  quantity: 0,
  subtotalCents: 0,
  deliveryFeeCents: 0,
  gstCents: 0,
  totalCents: 0,
};

/**
 * The report's rows, largest total inc GST first (then by id), with every row's sums and count.
 * The rows are grouped and summed first, the largest taken, and only those named: a year of a
 * busy merchant's products is ~100,000 groups, of which the screen lists a hundred. The sums
 * spill to disk in the default work_mem at that size, so the statement gets more of it (a
 * transaction's setting, gone at its end), and is planned for its period.
 */
export async function sumSalesRows(db: Db, options: SalesRowsOptions): Promise<SalesRows> {
  const rows = await db.transaction(async (tx) => {
    // Planned for its values too, as the API's connections plan no named statement (client.ts): a
    // year's rows and a day's want different plans, and planning is little beside the report.
    await tx.execute(
      sql`select set_config('work_mem', '64MB', true), set_config('plan_cache_mode', 'force_custom_plan', true)`,
    );
    if (options.groupBy === 'category' || options.groupBy === 'brand') {
      // The planner cannot see how many products a union of rollup rows sums to (it guesses
      // 200), so it would look each of ~100,000 up by its key (650 ms) rather than hash the
      // merchant's products once (150 ms).
      await tx.execute(sql`set local enable_nestloop = off`);
    }
    const result = await tx.execute(sql`
      with grouped as materialized (${groupedAmounts(options)}),
      totals as (
        select count(*) as row_count, sum(count) as t_count, sum(quantity) as t_quantity,
          sum(subtotal_cents) as t_subtotal_cents, sum(delivery_fee_cents) as t_delivery_fee_cents,
          sum(gst_cents) as t_gst_cents
        from grouped
      ),
      listed as (
        select * from grouped
        order by subtotal_cents + delivery_fee_cents + gst_cents desc, id
        ${options.limit === null ? sql`` : sql`limit ${options.limit}`}
      ),
      named as (${namedRows(options)})
      select named.named_id, named.name, named.sku, named.count, named.quantity, named.subtotal_cents,
        named.delivery_fee_cents, named.gst_cents, totals.*
      from totals left join named on true
      order by named.subtotal_cents + named.delivery_fee_cents + named.gst_cents desc, named.id`);
    return (result as unknown as { rows: Row[] }).rows;
  });
  const first = rows[0];
  return {
    rows: rows
      .filter((row) => row.count !== null)
      .map((row) => ({
        id: row.named_id,
        name: row.name,
        sku: row.sku,
        ...sums({
          count: row.count!,
          quantity: row.quantity,
          subtotal: row.subtotal_cents,
          delivery: row.delivery_fee_cents,
          gst: row.gst_cents,
        }),
      })),
    rowCount: first ? Number(first.row_count) : 0,
    totals:
      first && Number(first.row_count) > 0
        ? sums({
            count: first.t_count,
            quantity: first.t_quantity,
            subtotal: first.t_subtotal_cents,
            delivery: first.t_delivery_fee_cents,
            gst: first.t_gst_cents,
          })
        : NO_SALES,
  };
}
