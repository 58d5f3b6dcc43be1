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

/** The grouped rows as (id, name, sku, count, quantity, subtotal_cents, delivery_fee_cents, gst_cents). */
function groupedRows(options: SalesRowsOptions): SQL {
  const { merchantId, groupBy } = options;
  if (groupBy === 'customer') {
    return sql`
      select g.id, g.title as name, null::text as sku, s.count, null::bigint as quantity, s.subtotal_cents,
        s.delivery_fee_cents, s.gst_cents
      from (
        select customer_account_id, count(*) as count, sum(subtotal_cents) as subtotal_cents,
          sum(delivery_fee_cents) as delivery_fee_cents, sum(gst_cents) as gst_cents
        from orders
        where merchant_id = ${merchantId} and placed_at >= ${startOfDayIn(options.from, options.timeZone)}
          and placed_at < ${startOfDayIn(options.to, options.timeZone)} and status <> 'CANCELLED'
        group by customer_account_id
      ) s
      join customer_accounts a on a.id = s.customer_account_id
      join organisations g on g.id = a.customer_organisation_id`;
  }
  const sold = sql`(
    select product_id, sum(line_count) as line_count, sum(quantity) as quantity,
      sum(subtotal_cents) as subtotal_cents, sum(gst_cents) as gst_cents
    from (${productRollupRows(options)}) r
    group by product_id
    having sum(line_count) <> 0 or sum(quantity) <> 0 or sum(subtotal_cents) <> 0 or sum(gst_cents) <> 0
  )`;
  if (groupBy === 'product') {
    return sql`
      select p.id, p.name, p.sku, s.line_count as count, s.quantity, s.subtotal_cents, 0::bigint as delivery_fee_cents,
        s.gst_cents
      from ${sold} s join products p on p.id = s.product_id`;
  }
  const [column, names, none] =
    groupBy === 'category'
      ? [sql`p.category_id`, sql`category_paths`, 'No category']
      : [
          sql`p.brand_id`,
          sql`(select id, name as path from brands where merchant_id = ${merchantId})`,
          'No brand',
        ];
  return sql`
    select k.id, coalesce(n.path, ${none}) as name, null::text as sku, k.count, k.quantity, k.subtotal_cents,
      0::bigint as delivery_fee_cents, k.gst_cents
    from (
      select ${column} as id, sum(s.line_count) as count, sum(s.quantity) as quantity,
        sum(s.subtotal_cents) as subtotal_cents, sum(s.gst_cents) as gst_cents
      from ${sold} s join products p on p.id = s.product_id
      group by ${column}
    ) k
    left join ${names} n on n.id = k.id`;
}

/** A category's name with its parents' ("Dairy / Milk"), for every category of the merchant. */
const categoryPaths = (merchantId: string) => sql`category_paths as (
  select id, name::text as path from categories where merchant_id = ${merchantId} and parent_id is null
  union all
  select c.id, parent.path || ' / ' || c.name
  from categories c join category_paths parent on c.parent_id = parent.id
  where c.merchant_id = ${merchantId}
)`;

type Row = {
  id: string | null;
  name: string;
  sku: string | null;
  count: string | number;
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

/** The report's rows, largest total first (then by name), with every row's sums and count. */
export async function sumSalesRows(db: Db, options: SalesRowsOptions): Promise<SalesRows> {
  const withCategories = options.groupBy === 'category' ? sql`${categoryPaths(options.merchantId)},` : sql``;
  const result = await db.execute(sql`
    with recursive ${withCategories} grouped as (${groupedRows(options)})
    select id, name, sku, count, quantity, subtotal_cents, delivery_fee_cents, gst_cents,
      count(*) over () as row_count, sum(count) over () as t_count, sum(quantity) over () as t_quantity,
      sum(subtotal_cents) over () as t_subtotal_cents, sum(delivery_fee_cents) over () as t_delivery_fee_cents,
      sum(gst_cents) over () as t_gst_cents
    from grouped
    order by subtotal_cents + delivery_fee_cents + gst_cents desc, name, id
    ${options.limit === null ? sql`` : sql`limit ${options.limit}`}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const first = rows[0];
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      sku: row.sku,
      ...sums({
        count: row.count,
        quantity: row.quantity,
        subtotal: row.subtotal_cents,
        delivery: row.delivery_fee_cents,
        gst: row.gst_cents,
      }),
    })),
    rowCount: first ? Number(first.row_count) : 0,
    totals: first
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
