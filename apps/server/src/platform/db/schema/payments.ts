import { PAYMENT_METHODS, PAYMENT_STATES } from '@tradeport/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { merchantId, merchantKey, merchantReference } from './merchant-columns.ts';
import { orders } from './orders.ts';
import { customerAccounts } from './organisations.ts';
import { users } from './users.ts';

// Money received and owed (issue 11). The ledger's invariants, kept by the payments module in the
// same transaction as every change:
// - a payment's amount = what is allocated to orders + what became account credit + what was
//   refunded (allocations and credits only move by the ledger's own functions);
// - an order's paid_cents (orders.paid_cents) = Σ (amount − refunded) of its allocations whose
//   payment counts (SUCCESSFUL or REFUNDED), a cache the ledger refreshes for the orders it touched;
// - a credit's remaining_cents never goes below zero (a CHECK, and a guarded UPDATE under
//   concurrency).

export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentState = pgEnum('payment_state', PAYMENT_STATES);
export const creditSource = pgEnum('credit_source', ['MANUAL', 'OVERPAYMENT', 'ORDER_ADJUSTMENT']);

/** Each merchant's last payment and credit numbers, taken with one UPDATE … RETURNING. */
export const paymentCounters = pgTable('payment_counters', {
  merchantId: merchantId().primaryKey(),
  lastPaymentNumber: integer().notNull().default(0),
  lastCreditNumber: integer().notNull().default(0),
});

/**
 * Money from a customer account: recorded by the merchant (any method), applied from an account
 * credit (ACCOUNT_CREDIT, `credit_id`), or taken by card through Stripe (STRIPE_CARD, from the
 * portal, the merchant or a payment link). `amount_cents` is what pays the customer's documents;
 * a card surcharge is on top of it (`surcharge_cents`), never allocated to orders.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    customerAccountId: uuid().notNull(),
    number: integer().notNull(),
    method: paymentMethod().notNull(),
    state: paymentState().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    surchargeCents: bigint({ mode: 'number' }).notNull().default(0),
    refundedCents: bigint({ mode: 'number' }).notNull().default(0),
    /** The day the money was received (the merchant's calendar day). */
    paidOn: date({ mode: 'string' }).notNull(),
    reference: text(),
    notes: text(),
    /** The Idempotency-Key of the request that recorded it: the same key answers this payment. */
    idempotencyKey: text(),
    recordedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** ACCOUNT_CREDIT: the credit it was applied from. */
    creditId: uuid(),
    /** STRIPE_CARD: the PaymentIntent, and what the card told us before it was charged. */
    stripePaymentIntentId: text(),
    cardCountry: text(),
    cardBrand: text(),
    cardLast4: text(),
    failureMessage: text(),
    paymentLinkId: uuid(),
    voidedAt: instant(),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('payments_merchant_number_key').on(t.merchantId, t.number),
    uniqueIndex('payments_merchant_idempotency_key')
      .on(t.merchantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('payments_stripe_payment_intent_key')
      .on(t.stripePaymentIntentId)
      .where(sql`${t.stripePaymentIntentId} is not null`),
    // Keyset lists, newest first: a merchant's, one customer's.
    index('payments_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('payments_customer_created_idx').on(t.customerAccountId, t.createdAt, t.id),
    // Received in a period (overview, reports): by day within the merchant, with what the sums
    // read as trailing keys, for an index-only scan (86 ms → 7 ms for 30 days at 975,000 payments).
    index('payments_merchant_paid_on_idx').on(
      t.merchantId,
      t.paidOn,
      t.method,
      t.state,
      t.amountCents,
      t.refundedCents,
    ),
    index('payments_merchant_reference_idx').using(
      'gin',
      t.merchantId,
      sql`lower(${t.reference}) gin_trgm_ops`,
    ),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_surcharge_not_negative', sql`${t.surchargeCents} >= 0`),
    check(
      'payments_refunded_within_amount',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
    merchantKey('payments', t),
    merchantReference({
      name: 'payments_customer_account_fk',
      columns: [t.merchantId, t.customerAccountId],
      parent: customerAccounts,
      onDelete: 'restrict',
    }),
  ],
);

/** How much of a payment pays one order; a refund takes from it (`refunded_cents`). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    paymentId: uuid().notNull(),
    orderId: uuid().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    refundedCents: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    unique('payment_allocations_payment_order_key').on(t.paymentId, t.orderId),
    index('payment_allocations_order_idx').on(t.orderId),
    check('payment_allocations_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'payment_allocations_refunded_within_amount',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
    merchantReference({
      name: 'payment_allocations_payment_fk',
      columns: [t.merchantId, t.paymentId],
      parent: payments,
      onDelete: 'cascade',
    }),
    merchantReference({
      name: 'payment_allocations_order_fk',
      columns: [t.merchantId, t.orderId],
      parent: orders,
      onDelete: 'restrict',
    }),
  ],
);

/** A full or part refund of a payment (by hand, or through Stripe with its refund id). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    paymentId: uuid().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    reason: text(),
    idempotencyKey: text(),
    stripeRefundId: text(),
    refundedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('payment_refunds_payment_idempotency_key')
      .on(t.paymentId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
    merchantReference({
      name: 'payment_refunds_payment_fk',
      columns: [t.merchantId, t.paymentId],
      parent: payments,
      onDelete: 'cascade',
    }),
  ],
);

/**
 * Money the merchant owes the customer account, spent by applying it to orders (a payment by
 * ACCOUNT_CREDIT). MANUAL: issued with a reason; OVERPAYMENT: what a payment left over
 * (`payment_id`); ORDER_ADJUSTMENT: an adjustment note for lines of an order already invoiced
 * (`order_id`, its lines in credit_lines, with their GST).
 */
export const credits = pgTable(
  'credits',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    customerAccountId: uuid().notNull(),
    number: integer().notNull(),
    source: creditSource().notNull(),
    reason: text().notNull(),
    /** Inc GST; gst_cents is the GST in it (adjustment notes), 0 otherwise. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    gstCents: bigint({ mode: 'number' }).notNull().default(0),
    remainingCents: bigint({ mode: 'number' }).notNull(),
    paymentId: uuid(),
    orderId: uuid(),
    idempotencyKey: text(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    voidedAt: instant(),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('credits_merchant_number_key').on(t.merchantId, t.number),
    uniqueIndex('credits_merchant_idempotency_key')
      .on(t.merchantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('credits_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('credits_customer_created_idx').on(t.customerAccountId, t.createdAt, t.id),
    index('credits_merchant_reason_idx').using('gin', t.merchantId, sql`lower(${t.reason}) gin_trgm_ops`),
    check('credits_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'credits_remaining_within_amount',
      sql`${t.remainingCents} >= 0 and ${t.remainingCents} <= ${t.amountCents}`,
    ),
    merchantKey('credits', t),
    merchantReference({
      name: 'credits_customer_account_fk',
      columns: [t.merchantId, t.customerAccountId],
      parent: customerAccounts,
      onDelete: 'restrict',
    }),
    merchantReference({
      name: 'credits_payment_fk',
      columns: [t.merchantId, t.paymentId],
      parent: payments,
      onDelete: 'restrict',
    }),
    merchantReference({
      name: 'credits_order_fk',
      columns: [t.merchantId, t.orderId],
      parent: orders,
      onDelete: 'restrict',
    }),
  ],
);

/** An adjustment note's lines: what was not supplied (or cancelled), at what it was charged. */
export const creditLines = pgTable(
  'credit_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    creditId: uuid().notNull(),
    productId: uuid(),
    name: text().notNull(),
    sku: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: bigint({ mode: 'number' }).notNull(),
    gstRateBasisPoints: integer().notNull(),
    subtotalCents: bigint({ mode: 'number' }).notNull(),
    gstCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('credit_lines_credit_idx').on(t.creditId),
    merchantReference({
      name: 'credit_lines_credit_fk',
      columns: [t.merchantId, t.creditId],
      parent: credits,
      onDelete: 'cascade',
    }),
  ],
);

/** A merchant's connected Stripe account (Stripe Connect) and whether card fees are passed on. */
export const stripeAccounts = pgTable('stripe_accounts', {
  merchantId: merchantId().primaryKey(),
  stripeAccountId: text().notNull().unique(),
  isChargesEnabled: boolean().notNull().default(false),
  isDetailsSubmitted: boolean().notNull().default(false),
  /** Card fees are added to the payer's total as a surcharge (SPEC §9's fees, never more). */
  isFeePassedOn: boolean().notNull().default(true),
  connectedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  connectedAt: instant().notNull().defaultNow(),
  version: integer().notNull().default(1),
  updatedAt: instant().notNull().defaultNow(),
});

/** Stripe webhook events already applied: each changes state once, however often it arrives. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  stripeAccountId: text(),
  receivedAt: instant().notNull().defaultNow(),
});

/**
 * A public link to pay one order, or a customer's whole outstanding balance (`order_id` null),
 * without signing in. Only a hash of its token is kept.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    customerAccountId: uuid().notNull(),
    orderId: uuid(),
    tokenHash: text().notNull().unique(),
    expiresAt: instant().notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
    revokedAt: instant(),
  },
  (t) => [
    index('payment_links_customer_idx').on(t.customerAccountId),
    merchantKey('payment_links', t),
    merchantReference({
      name: 'payment_links_customer_account_fk',
      columns: [t.merchantId, t.customerAccountId],
      parent: customerAccounts,
      onDelete: 'cascade',
    }),
    merchantReference({
      name: 'payment_links_order_fk',
      columns: [t.merchantId, t.orderId],
      parent: orders,
      onDelete: 'cascade',
    }),
  ],
);
