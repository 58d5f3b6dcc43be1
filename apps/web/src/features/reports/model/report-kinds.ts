import { SALES_GROUPING_LABELS, SALES_GROUPINGS, type SalesGrouping } from '@tradeport/contract';

// The reports the screen offers, each named in the address (`?report=gst`) so a report can be
// linked to and bookmarked with its period.

const SALES_KINDS = SALES_GROUPINGS.map((grouping) => `sales-by-${grouping}` as const);
export const REPORT_KINDS = [...SALES_KINDS, 'gst', 'payments', 'aging'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const DEFAULT_REPORT: ReportKind = 'sales-by-product';

export const REPORT_LABELS: Record<ReportKind, string> = {
  'sales-by-product': SALES_GROUPING_LABELS.product,
  'sales-by-customer': SALES_GROUPING_LABELS.customer,
  'sales-by-category': SALES_GROUPING_LABELS.category,
  'sales-by-brand': SALES_GROUPING_LABELS.brand,
  gst: 'GST summary',
  payments: 'Payments received',
  aging: 'Receivables aging',
};

/** What each report is for, under its name. */
export const REPORT_DESCRIPTIONS: Record<ReportKind, string> = {
  'sales-by-product':
    'What each product sold: the order lines of orders not cancelled, by the day placed, ex delivery.',
  'sales-by-customer':
    'What each customer bought: orders not cancelled with their delivery, by the day placed.',
  'sales-by-category': 'What each category sold: the order lines of orders not cancelled, ex delivery.',
  'sales-by-brand': 'What each brand sold: the order lines of orders not cancelled, ex delivery.',
  gst: 'The figures your BAS asks for, by month: total sales (G1), GST on sales (1A) and GST-free sales (G3).',
  payments: 'Money received by method and by day, less refunds.',
  aging: 'What each customer owes now, by how many days past the due date.',
};

export const isReportKind = (value: string | null): value is ReportKind =>
  (REPORT_KINDS as readonly (string | null)[]).includes(value);

/** The report an address names; none, or one we do not have: the default. */
export function reportFromSearch(search: URLSearchParams): ReportKind {
  const named = search.get('report');
  return isReportKind(named) ? named : DEFAULT_REPORT;
}

/** The address's query for a report, the rest of it (the period) kept. */
export function withReport(search: URLSearchParams, kind: ReportKind): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('report', kind);
  return next;
}

/** The grouping a sales report is by; null for the other reports. */
export function salesGroupingOf(kind: ReportKind): SalesGrouping | null {
  const grouping = kind.startsWith('sales-by-') ? kind.slice('sales-by-'.length) : null;
  return (SALES_GROUPINGS as readonly (string | null)[]).includes(grouping)
    ? (grouping as SalesGrouping)
    : null;
}

/** Whether a report covers a period; aging is what is owed now. */
export const hasPeriod = (kind: ReportKind) => kind !== 'aging';
