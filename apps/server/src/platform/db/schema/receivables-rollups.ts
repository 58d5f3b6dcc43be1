import { bigint, date, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { paymentMethod } from './payments.ts';

// The payments overview's figures (modules/receivables/receivables-rollups.queries.ts), kept by
// the database itself: triggers on orders, customer_accounts and payments (migration 0018) add a
// change row for every write that moves money owed or received, so no code path can forget one.
// Writers only ever insert change rows, never update a shared one, so concurrent writers for one
// merchant never queue on a summary row; a compaction folds the changes into the totals.
// Derived data, not a tenant's records: no foreign keys (a check per row on every write).

/**
 * A change to what a merchant is owed on one due date: orders (±1 each) and cents owed
 * (total − paid) of the outstanding orders of tracked customer accounts. Insert-only; the
 * compaction deletes the rows it folds.
 */
export const receivablesOwedChanges = pgTable(
  'receivables_owed_changes',
  {
    merchantId: uuid().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    orderCount: bigint({ mode: 'number' }).notNull(),
    owedCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('receivables_owed_changes_merchant_idx').on(t.merchantId)],
);

/** What a merchant is owed per due date, as of the last compaction. */
export const receivablesOwedTotals = pgTable(
  'receivables_owed_totals',
  {
    merchantId: uuid().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    orderCount: bigint({ mode: 'number' }).notNull(),
    owedCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'receivables_owed_totals_pkey', columns: [t.merchantId, t.dueDate] })],
);

/**
 * A change to what a merchant received on one day by one method: counted payments (SUCCESSFUL,
 * REFUNDED: COUNTED_PAYMENT_STATES) ±1 each, and their amount less what was refunded of them.
 */
export const receivablesReceivedChanges = pgTable(
  'receivables_received_changes',
  {
    merchantId: uuid().notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    method: paymentMethod().notNull(),
    paymentCount: bigint({ mode: 'number' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('receivables_received_changes_merchant_idx').on(t.merchantId)],
);

/** What a merchant received per day and method, as of the last compaction. */
export const receivablesReceivedTotals = pgTable(
  'receivables_received_totals',
  {
    merchantId: uuid().notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    method: paymentMethod().notNull(),
    paymentCount: bigint({ mode: 'number' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'receivables_received_totals_pkey',
      columns: [t.merchantId, t.paidOn, t.method],
    }),
  ],
);
