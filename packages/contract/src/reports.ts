import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { PaymentMethod, type ReportDatePreset } from './enums.ts';
import { OrganisationParams } from './organisations.ts';
import { checkPeriod, Period, periodFields } from './receivables.ts';
import { AgingBucket } from './receivables-rules.ts';

// Reports (issue 12, `/reports`): what a merchant sold, the GST it owes on it, what it was paid
// and what it is still owed. Every figure is over the same orders and payments the screens show,
// in the merchant's time zone, for one of SPEC §3's presets or a custom range of days:
// - Sales: orders that are not cancelled, by the day they were placed; grouped by product,
//   customer, category or brand. Product, category and brand rows are the orders' lines (their
//   snapshot prices, ex GST, and GST); a customer's rows are its orders with delivery.
// - GST: what a BAS asks for, by month: total sales inc. GST (G1), GST on sales (1A), GST-free
//   sales (G3: lines charged no GST, and delivery to tax-exempt customers).
// - Payments: money received by method and by day (Successful and Refunded payments by the day
//   they were paid, less what was refunded), as the payments overview counts it.
// - Aging: what each customer owes now, by how overdue it is.

const tags = ['reports'];

/** A custom range covers at most five years. */
export const MAX_REPORT_DAYS = 1_827;
/** Reports default to the last 30 days. */
export const DEFAULT_REPORT_PERIOD = 'LAST_30_DAYS' satisfies ReportDatePreset;
/** A report's table shows the largest rows, this many unless asked; the CSV has every row. */
export const DEFAULT_REPORT_ROWS = 100;
export const MAX_REPORT_ROWS = 500;

export const ReportPeriodQuery = z.object(periodFields).superRefine(checkPeriod(MAX_REPORT_DAYS));

export const SALES_GROUPINGS = ['product', 'customer', 'category', 'brand'] as const;
export const SalesGrouping = z.enum(SALES_GROUPINGS);
export type SalesGrouping = z.infer<typeof SalesGrouping>;

export const SALES_GROUPING_LABELS: Record<SalesGrouping, string> = {
  product: 'Sales by product',
  customer: 'Sales by customer',
  category: 'Sales by category',
  brand: 'Sales by brand',
};

/** What a sales row's count counts: a customer's orders, or a product's (category's…) order lines. */
export const SALES_COUNTS: Record<SalesGrouping, 'ORDERS' | 'LINES'> = {
  product: 'LINES',
  customer: 'ORDERS',
  category: 'LINES',
  brand: 'LINES',
};

const salesFields = { ...periodFields, group_by: SalesGrouping.default('product') };
export const SalesReportQuery = z
  .object({
    ...salesFields,
    limit: z.coerce.number().int().min(1).max(MAX_REPORT_ROWS).default(DEFAULT_REPORT_ROWS),
  })
  .superRefine(checkPeriod(MAX_REPORT_DAYS));
export const SalesReportCsvQuery = z.object(salesFields).superRefine(checkPeriod(MAX_REPORT_DAYS));

const SalesAmounts = z.object({
  /** Orders (by customer) or order lines (by product, category, brand): SALES_COUNTS. */
  count: z.number().int(),
  /** Units sold; null by customer. */
  quantity: z.number().int().nullable(),
  /** Ex GST: the lines' subtotals. */
  subtotal_cents: z.number().int(),
  /** Delivery fees ex GST: by customer only (0 in the other groupings, whose rows are lines). */
  delivery_fee_cents: z.number().int(),
  gst_cents: z.number().int(),
  /** Inc GST: subtotal + delivery fee + GST. */
  total_cents: z.number().int(),
});

export const SalesReportRow = SalesAmounts.extend({
  /** The product, customer organisation, category or brand; null for "No category" / "No brand". */
  id: z.string().nullable(),
  name: z.string(),
  /** A product's SKU; null in the other groupings. */
  sku: z.string().nullable(),
});
export type SalesReportRow = z.infer<typeof SalesReportRow>;

export const SalesReport = z.object({
  group_by: SalesGrouping,
  period: Period,
  time_zone: z.string(),
  /** Every row's sums, not only the rows listed. */
  totals: SalesAmounts,
  /** Orders in the period (however they are grouped). */
  order_count: z.number().int(),
  /** How many rows the grouping has; `rows` are the largest `limit` by total inc GST. */
  row_count: z.number().int(),
  rows: z.array(SalesReportRow),
  /** Sales inc GST of the orders placed each day of the period (the chart). */
  by_day: z.array(
    z.object({ date: z.iso.date(), total_cents: z.number().int(), order_count: z.number().int() }),
  ),
});
export type SalesReport = z.infer<typeof SalesReport>;

export const SALES_CSV_COLUMNS = [
  'name',
  'sku',
  'count',
  'quantity',
  'sales_ex_gst',
  'delivery_ex_gst',
  'gst',
  'total_inc_gst',
] as const;

const GstAmounts = z.object({
  order_count: z.number().int(),
  /** G1: total sales inc GST (lines, delivery and GST). */
  total_sales_cents: z.number().int(),
  /** 1A: GST on sales. */
  gst_cents: z.number().int(),
  /** G3: GST-free sales (lines charged no GST, delivery to tax-exempt customers), ex GST. */
  gst_free_sales_cents: z.number().int(),
  /** Sales that carried GST, ex GST: total − GST − GST-free. */
  taxable_sales_cents: z.number().int(),
});

export const GstReport = z.object({
  period: Period,
  time_zone: z.string(),
  totals: GstAmounts,
  /** Each calendar month the period touches (clipped to the period), oldest first. */
  by_month: z.array(GstAmounts.extend({ month: z.string().regex(/^\d{4}-\d{2}$/), period: Period })),
});
export type GstReport = z.infer<typeof GstReport>;

export const GST_CSV_COLUMNS = [
  'month',
  'from',
  'to',
  'orders',
  'total_sales_inc_gst',
  'gst_on_sales',
  'gst_free_sales',
  'taxable_sales_ex_gst',
] as const;

export const PaymentsReport = z.object({
  period: Period,
  time_zone: z.string(),
  /** Money received (every method but Account Credit, which moves no money). */
  received_cents: z.number().int(),
  received_count: z.number().int(),
  by_method: z.array(
    z.object({ method: PaymentMethod, payment_count: z.number().int(), amount_cents: z.number().int() }),
  ),
  by_day: z.array(z.object({ date: z.iso.date(), amount_cents: z.number().int() })),
});
export type PaymentsReport = z.infer<typeof PaymentsReport>;

export const PAYMENTS_CSV_COLUMNS = ['method', 'payments', 'amount'] as const;

const AgingAmounts = z.object({
  order_count: z.number().int(),
  owed_cents: z.number().int(),
  overdue_cents: z.number().int(),
  /** Each AGING_BUCKETS bucket, in order. */
  aging: z.array(z.object({ bucket: AgingBucket, amount_cents: z.number().int() })),
});

export const AgingReport = z.object({
  /** The merchant's day the amounts are owed as of: aging is now, not over a period. */
  as_of: z.iso.date(),
  time_zone: z.string(),
  totals: AgingAmounts,
  /** Customers that owe anything, most owed first. */
  rows: z.array(AgingAmounts.extend({ customer_organisation_id: z.string(), name: z.string() })),
});
export type AgingReport = z.infer<typeof AgingReport>;

export const AGING_CSV_COLUMNS = [
  'customer',
  'orders',
  'owed',
  'overdue',
  'days_0_30',
  'days_31_60',
  'days_61_90',
  'days_90_plus',
] as const;

const merchantOnly = 'Merchant members. Days are the merchant’s time zone’s; weeks start on Monday.';
const csvNote = 'Amounts in dollars, dates YYYY-MM-DD.';

export const getSalesReport = defineEndpoint({
  method: 'GET',
  path: '/reports/{id}/sales',
  summary: 'Sales by product, customer, category or brand over a period',
  description: `${merchantOnly} Orders that are not cancelled, by the day they were placed; the largest rows by total inc GST.`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: SalesReportQuery,
  response: SalesReport,
});

export const exportSalesReport = defineEndpoint({
  method: 'GET',
  path: '/reports/{id}/sales/csv',
  summary: 'A sales report as CSV, every row',
  description: `${merchantOnly} Columns: ${SALES_CSV_COLUMNS.join(', ')}. ${csvNote}`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: SalesReportCsvQuery,
  response: z.string(),
  produces: 'text/csv',
});

export const getGstReport = defineEndpoint({
  method: 'GET',
  path: '/reports/{id}/gst',
  summary: 'GST summary for a BAS: total sales, GST on sales and GST-free sales, by month',
  description: merchantOnly,
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: ReportPeriodQuery,
  response: GstReport,
});

export const exportGstReport = defineEndpoint({
  method: 'GET',
  path: '/reports/{id}/gst/csv',
  summary: 'The GST summary as CSV, a row per month and a total',
  description: `${merchantOnly} Columns: ${GST_CSV_COLUMNS.join(', ')}. ${csvNote}`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: ReportPeriodQuery,
  response: z.string(),
  produces: 'text/csv',
});

export const getPaymentsReport = defineEndpoint({
  method: 'GET',
  path: '/reports/{id}/payments',
  summary: 'Payments received by method and by day over a period',
  description: merchantOnly,
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: ReportPeriodQuery,
  response: PaymentsReport,
});

export const exportPaymentsReport = defineEndpoint({
  method: 'GET',
  path: '/reports/{id}/payments/csv',
  summary: 'Payments received by method as CSV',
  description: `${merchantOnly} Columns: ${PAYMENTS_CSV_COLUMNS.join(', ')}. ${csvNote}`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: ReportPeriodQuery,
  response: z.string(),
  produces: 'text/csv',
});

export const getAgingReport = defineEndpoint({
  method: 'GET',
  path: '/reports/{id}/aging',
  summary: 'Receivables aging: what each customer owes now, by how overdue',
  description: merchantOnly,
  tags,
  auth: 'user',
  params: OrganisationParams,
  response: AgingReport,
});

export const exportAgingReport = defineEndpoint({
  method: 'GET',
  path: '/reports/{id}/aging/csv',
  summary: 'Receivables aging as CSV, a row per customer',
  description: `${merchantOnly} Columns: ${AGING_CSV_COLUMNS.join(', ')}. ${csvNote}`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  response: z.string(),
  produces: 'text/csv',
});
