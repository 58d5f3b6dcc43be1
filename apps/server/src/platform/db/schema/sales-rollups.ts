import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

// What merchants sold, kept by the database as orders change (migration 0025's trigger on
// orders), for the merchant home's sales chart and the reports (modules/reports). The same
// insert-only changes and compacted totals as the receivables rollups (receivables-rollups.ts):
// placings never queue on a shared summary row.
//
// Counted: every order that is not CANCELLED, by when it was placed, in quarter-hour periods of
// UTC. Every time zone's offset is a whole number of quarter hours (Adelaide's and Darwin's
// half-hours, Nepal's 5:45 included), so a day of any zone is whole periods: a read groups them
// into the merchant's days as it reads, and changing a merchant's time zone needs no rebuild. A
// year is at most 35,040 periods.
// Derived data, not a tenant's records: no foreign keys (a check per row on every write).

const amounts = {
  orderCount: bigint({ mode: 'number' }).notNull(),
  /** Σ orders.subtotal_cents: the lines, ex GST. */
  subtotalCents: bigint({ mode: 'number' }).notNull(),
  deliveryFeeCents: bigint({ mode: 'number' }).notNull(),
  gstCents: bigint({ mode: 'number' }).notNull(),
  totalCents: bigint({ mode: 'number' }).notNull(),
  /**
   * Σ subtotal_cents of the lines charged no GST (migration 0027's trigger on order_lines, in rows
   * of their own with the other amounts 0): the GST report's GST-free sales, by any zone's day.
   */
  gstFreeCents: bigint({ mode: 'number' }).notNull().default(0),
};

/** A change to a merchant's sales in one quarter hour. Insert-only; compaction deletes what it folds. */
export const salesChanges = pgTable(
  'sales_changes',
  {
    merchantId: uuid().notNull(),
    periodStart: instant().notNull(),
    ...amounts,
  },
  (t) => [index('sales_changes_merchant_idx').on(t.merchantId, t.periodStart)],
);

/** A merchant's sales per quarter hour, as of the last compaction. */
export const salesTotals = pgTable(
  'sales_totals',
  {
    merchantId: uuid().notNull(),
    periodStart: instant().notNull(),
    ...amounts,
  },
  (t) => [primaryKey({ name: 'sales_totals_pkey', columns: [t.merchantId, t.periodStart] })],
);

// What each product sold (migration 0027's triggers on order_lines and orders): the reports' sales
// by product, category and brand. A merchant sells up to ~100,000 products, so quarter hours of
// UTC would be a row per line; these are kept by the merchant's own calendar days instead, and
// again by month and by year, so a report adds up whole years, whole months and the days left
// over (LAST_YEAR: a row per product sold that year). The days are the merchant's time zone's:
// changing the zone rebuilds the merchant's rows (the trigger on organisations).
// Counted: the lines of every order that is not CANCELLED, on the day the order was placed.

const productAmounts = {
  /** Lines (an order has a product once, so also orders). */
  lineCount: bigint({ mode: 'number' }).notNull(),
  quantity: bigint({ mode: 'number' }).notNull(),
  subtotalCents: bigint({ mode: 'number' }).notNull(),
  gstCents: bigint({ mode: 'number' }).notNull(),
};

/** A change to what a product sold on one of its merchant's days. Insert-only; compaction folds it. */
export const salesProductChanges = pgTable(
  'sales_product_changes',
  {
    merchantId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    productId: uuid().notNull(),
    ...productAmounts,
  },
  (t) => [index('sales_product_changes_merchant_idx').on(t.merchantId, t.day)],
);

export const SALES_PRODUCT_LEVELS = ['day', 'month', 'year'] as const;

/**
 * What a product sold in a day, month or year of its merchant's calendar (`period_start` its
 * first day), as of the last compaction.
 */
export const salesProductTotals = pgTable(
  'sales_product_totals',
  {
    merchantId: uuid().notNull(),
    level: text({ enum: SALES_PRODUCT_LEVELS }).notNull(),
    periodStart: date({ mode: 'string' }).notNull(),
    productId: uuid().notNull(),
    ...productAmounts,
  },
  (t) => [
    primaryKey({
      name: 'sales_product_totals_pkey',
      columns: [t.merchantId, t.level, t.periodStart, t.productId],
    }),
    check('sales_product_totals_level', sql`${t.level} in ('day', 'month', 'year')`),
  ],
);
