import { bigint, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
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
