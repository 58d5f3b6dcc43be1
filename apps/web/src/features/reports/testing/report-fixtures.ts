import { addDays, AgingReport, GstReport, PaymentsReport, SalesReport } from '@tradeport/contract';
import { idOf } from '#testing/fixtures.ts';

// Reports as the API answers them for Harbour Wholesale, parsed by the contract's own schemas so a
// fixture that drifts from the contract fails here rather than passing a screen that would not.

export const TIME_ZONE = 'Australia/Sydney';
export const LAST_30_DAYS = { from: '2026-03-02', to: '2026-03-31' };
export const BEANS_ID = idOf(101);
export const CAFE_ORGANISATION_ID = idOf(201);

/** Each day of a period with `cents` on its first and last day and nothing between. */
export function daysOf(period: { from: string; to: string }, cents: { first: number; last: number }) {
  const days: { date: string; total_cents: number; order_count: number }[] = [];
  for (let date = period.from; date <= period.to; date = addDays(date, 1)) {
    const total = date === period.from ? cents.first : date === period.to ? cents.last : 0;
    days.push({ date, total_cents: total, order_count: total > 0 ? 1 : 0 });
  }
  return days;
}

const lineAmounts = (count: number, quantity: number, subtotal: number, gst: number) => ({
  count,
  quantity,
  subtotal_cents: subtotal,
  delivery_fee_cents: 0,
  gst_cents: gst,
  total_cents: subtotal + gst,
});

/** Sales by product over the last 30 days: two products, both listed. */
export function salesByProduct(overrides: Partial<SalesReport> = {}): SalesReport {
  return SalesReport.parse({
    group_by: 'product',
    period: LAST_30_DAYS,
    time_zone: TIME_ZONE,
    totals: lineAmounts(5, 42, 150_000, 12_345),
    order_count: 3,
    row_count: 2,
    rows: [
      { id: BEANS_ID, name: 'House blend beans 1kg', sku: 'HB-1KG', ...lineAmounts(3, 30, 100_000, 10_000) },
      { id: idOf(102), name: 'Oat milk 1L', sku: null, ...lineAmounts(2, 12, 50_000, 2_345) },
    ],
    by_day: daysOf(LAST_30_DAYS, { first: 110_000, last: 52_345 }),
    ...overrides,
  });
}

const orderAmounts = (count: number, subtotal: number, delivery: number, gst: number) => ({
  count,
  quantity: null,
  subtotal_cents: subtotal,
  delivery_fee_cents: delivery,
  gst_cents: gst,
  total_cents: subtotal + delivery + gst,
});

/** Sales by customer: a customer's rows count its orders and carry their delivery. */
export function salesByCustomer(overrides: Partial<SalesReport> = {}): SalesReport {
  return SalesReport.parse({
    ...salesByProduct(),
    group_by: 'customer',
    totals: orderAmounts(3, 150_000, 2_000, 12_545),
    row_count: 2,
    rows: [
      { id: CAFE_ORGANISATION_ID, name: 'Café Aroma', sku: null, ...orderAmounts(2, 120_000, 1_000, 10_100) },
      { id: idOf(202), name: 'Bistro Nord', sku: null, ...orderAmounts(1, 30_000, 1_000, 2_445) },
    ],
    ...overrides,
  });
}

const gstAmounts = (orders: number, total: number, gst: number, gstFree: number) => ({
  order_count: orders,
  total_sales_cents: total,
  gst_cents: gst,
  gst_free_sales_cents: gstFree,
  taxable_sales_cents: total - gst - gstFree,
});

/** A GST summary from 15 January to 31 March 2026: January cut short, then two whole months. */
export function gstSummary(): GstReport {
  return GstReport.parse({
    period: { from: '2026-01-15', to: '2026-03-31' },
    time_zone: TIME_ZONE,
    totals: gstAmounts(9, 330_000, 25_000, 55_000),
    by_month: [
      {
        month: '2026-01',
        period: { from: '2026-01-15', to: '2026-01-31' },
        ...gstAmounts(2, 110_000, 10_000, 0),
      },
      {
        month: '2026-02',
        period: { from: '2026-02-01', to: '2026-02-28' },
        ...gstAmounts(3, 100_000, 5_000, 45_000),
      },
      {
        month: '2026-03',
        period: { from: '2026-03-01', to: '2026-03-31' },
        ...gstAmounts(4, 120_000, 10_000, 10_000),
      },
    ],
  });
}

/** Payments received over the last 30 days, by bank transfer and card. */
export function paymentsReceived(): PaymentsReport {
  return PaymentsReport.parse({
    period: LAST_30_DAYS,
    time_zone: TIME_ZONE,
    received_cents: 123_450,
    received_count: 3,
    by_method: [
      { method: 'BANK_TRANSFER', payment_count: 2, amount_cents: 100_000 },
      { method: 'STRIPE_CARD', payment_count: 1, amount_cents: 23_450 },
      { method: 'CASH', payment_count: 0, amount_cents: 0 },
    ],
    by_day: daysOf(LAST_30_DAYS, { first: 100_000, last: 23_450 }).map((day) => ({
      date: day.date,
      amount_cents: day.total_cents,
    })),
  });
}

const aging = (days0to30: number, days31to60: number, days61to90: number, days90plus: number) => [
  { bucket: 'DAYS_0_30', amount_cents: days0to30 },
  { bucket: 'DAYS_31_60', amount_cents: days31to60 },
  { bucket: 'DAYS_61_90', amount_cents: days61to90 },
  { bucket: 'DAYS_90_PLUS', amount_cents: days90plus },
];

/** What two customers owe on 31 March 2026, most owed first. */
export function agingReport(overrides: Partial<AgingReport> = {}): AgingReport {
  return AgingReport.parse({
    as_of: '2026-03-31',
    time_zone: TIME_ZONE,
    totals: {
      order_count: 5,
      owed_cents: 250_075,
      overdue_cents: 180_000,
      aging: aging(70_075, 60_000, 30_000, 90_000),
    },
    rows: [
      {
        customer_organisation_id: CAFE_ORGANISATION_ID,
        name: 'Café Aroma',
        order_count: 3,
        owed_cents: 200_075,
        overdue_cents: 150_000,
        aging: aging(50_075, 60_000, 0, 90_000),
      },
      {
        customer_organisation_id: idOf(202),
        name: 'Bistro Nord',
        order_count: 2,
        owed_cents: 50_000,
        overdue_cents: 30_000,
        aging: aging(20_000, 0, 30_000, 0),
      },
    ],
    ...overrides,
  });
}
