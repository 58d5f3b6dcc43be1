import {
  AGING_CSV_COLUMNS,
  type AgingReport,
  formatCsvRow,
  formatDollars,
  GST_CSV_COLUMNS,
  type GstReport,
  PAYMENT_METHOD_LABELS,
  PAYMENTS_CSV_COLUMNS,
  type PaymentsReport,
  SALES_CSV_COLUMNS,
  type SalesReportRow,
} from '@tradeport/contract';

// The reports as CSV, a header row and then the rows the screen shows (every row, for sales),
// with a total row where the columns add up. Amounts in dollars without a symbol, as the
// outstanding export writes them: what a spreadsheet or an accountant's import reads.

const dollars = (cents: number) => formatDollars(cents);

export function salesCsv(
  rows: SalesReportRow[],
  totals: Omit<SalesReportRow, 'id' | 'name' | 'sku'>,
): string {
  const line = (name: string, sku: string | null, amounts: Omit<SalesReportRow, 'id' | 'name' | 'sku'>) =>
    formatCsvRow([
      name,
      sku ?? '',
      String(amounts.count),
      amounts.quantity === null ? '' : String(amounts.quantity),
      dollars(amounts.subtotal_cents),
      dollars(amounts.delivery_fee_cents),
      dollars(amounts.gst_cents),
      dollars(amounts.total_cents),
    ]);
  return (
    formatCsvRow(SALES_CSV_COLUMNS) +
    rows.map((row) => line(row.name, row.sku, row)).join('') +
    line('Total', null, totals)
  );
}

export function gstCsv(report: GstReport): string {
  const line = (month: string, from: string, to: string, amounts: GstReport['totals']) =>
    formatCsvRow([
      month,
      from,
      to,
      String(amounts.order_count),
      dollars(amounts.total_sales_cents),
      dollars(amounts.gst_cents),
      dollars(amounts.gst_free_sales_cents),
      dollars(amounts.taxable_sales_cents),
    ]);
  return (
    formatCsvRow(GST_CSV_COLUMNS) +
    report.by_month.map((month) => line(month.month, month.period.from, month.period.to, month)).join('') +
    line('Total', report.period.from, report.period.to, report.totals)
  );
}

export function paymentsCsv(report: PaymentsReport): string {
  return (
    formatCsvRow(PAYMENTS_CSV_COLUMNS) +
    report.by_method
      .map((method) =>
        formatCsvRow([
          PAYMENT_METHOD_LABELS[method.method],
          String(method.payment_count),
          dollars(method.amount_cents),
        ]),
      )
      .join('')
  );
}

export function agingCsv(report: AgingReport): string {
  const line = (name: string, amounts: AgingReport['totals']) =>
    formatCsvRow([
      name,
      String(amounts.order_count),
      dollars(amounts.owed_cents),
      dollars(amounts.overdue_cents),
      ...amounts.aging.map((bucket) => dollars(bucket.amount_cents)),
    ]);
  return (
    formatCsvRow(AGING_CSV_COLUMNS) +
    report.rows.map((row) => line(row.name, row)).join('') +
    line('Total', report.totals)
  );
}
