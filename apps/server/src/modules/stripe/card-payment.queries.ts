import { PENDING_PAYMENT_STATES } from '@tradeport/contract';
import { and, asc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import {
  customerAccounts,
  orders,
  organisations,
  paymentAllocations,
  payments,
} from '../../platform/db/schema/index.ts';

// What card payments read and write beside the ledger (payments/payment-ledger.ts): who pays whom,
// what is payable, and a card payment with its PaymentIntent.

const merchant = alias(organisations, 'payee');
const customer = alias(organisations, 'payer');

/** The merchant and the customer account a card payment is between; undefined if not the merchant's. */
export async function findPayer(db: Db, options: { merchantId: string; customerAccountId: string }) {
  const [row] = await db
    .select({
      merchantTitle: merchant.title,
      merchantImage: merchant.image,
      timeZone: merchant.timeZone,
      isMerchantPaymentsEnabled: merchant.paymentsEnabled,
      customerName: customer.title,
      isTracked: customerAccounts.isPaymentsEnabled,
    })
    .from(customerAccounts)
    .innerJoin(merchant, eq(merchant.id, customerAccounts.merchantId))
    .innerJoin(customer, eq(customer.id, customerAccounts.customerOrganisationId))
    .where(
      and(
        eq(customerAccounts.id, options.customerAccountId),
        eq(customerAccounts.merchantId, options.merchantId),
        sql`${customerAccounts.archivedAt} is null`,
      ),
    );
  return row;
}

export type PayableOrderRow = {
  id: string;
  number: number;
  invoiceNumber: number;
  placedAt: Date;
  dueDate: string;
  status: string;
  totalCents: number;
  paidCents: number;
  /** What payments not settled yet (a card payment processing) already hold of it. */
  pendingCents: number;
};

// Written out with its own aliases: in a one-table select drizzle writes bare column names, which
// inside the subquery would name the subquery's own tables. The states are the contract's constants.
const pendingStates = PENDING_PAYMENT_STATES.map((state) => `'${state}'`).join(', ');
const pendingCents = sql<string>`coalesce((${sql.raw(`
  select sum(held.amount_cents)
  from payment_allocations held
  inner join payments holder on holder.id = held.payment_id and holder.merchant_id = held.merchant_id
  where held.order_id = orders.id and holder.state in (${pendingStates})`)}
), 0)`;

const payableColumns = {
  id: orders.id,
  number: orders.number,
  invoiceNumber: orders.invoiceNumber,
  placedAt: orders.placedAt,
  dueDate: orders.dueDate,
  status: orders.status,
  totalCents: orders.totalCents,
  paidCents: orders.paidCents,
  pendingCents,
};

const toPayable = (
  row: Omit<PayableOrderRow, 'pendingCents'> & { pendingCents: string },
): PayableOrderRow => ({
  ...row,
  pendingCents: Number(row.pendingCents),
});

/**
 * The customer's orders that still owe, oldest due first, on the partial "outstanding" index: at
 * most `limit` (with those a processing payment holds in full among them; the caller drops them).
 */
export async function listOutstandingOrders(
  db: Db,
  options: { merchantId: string; customerAccountId: string; limit: number },
): Promise<PayableOrderRow[]> {
  const rows = await db
    .select(payableColumns)
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, options.merchantId),
        eq(orders.customerAccountId, options.customerAccountId),
        sql`${orders.paidCents} < ${orders.totalCents}`,
        ne(orders.status, 'CANCELLED'),
      ),
    )
    .orderBy(asc(orders.dueDate), asc(orders.id))
    .limit(options.limit);
  return rows.map(toPayable);
}

/** The named orders that are the customer's (in any state); another's are simply absent. */
export async function findNamedOrders(
  db: Db,
  options: { merchantId: string; customerAccountId: string; orderIds: readonly string[] },
): Promise<PayableOrderRow[]> {
  const rows = await db
    .select(payableColumns)
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, options.merchantId),
        eq(orders.customerAccountId, options.customerAccountId),
        inArray(orders.id, [...options.orderIds]),
      ),
    )
    .orderBy(asc(orders.dueDate), asc(orders.id));
  return rows.map(toPayable);
}

const cardPaymentColumns = {
  id: payments.id,
  merchantId: payments.merchantId,
  customerAccountId: payments.customerAccountId,
  number: payments.number,
  state: payments.state,
  amountCents: payments.amountCents,
  surchargeCents: payments.surchargeCents,
  refundedCents: payments.refundedCents,
  stripePaymentIntentId: payments.stripePaymentIntentId,
  cardCountry: payments.cardCountry,
  cardBrand: payments.cardBrand,
  cardLast4: payments.cardLast4,
  failureMessage: payments.failureMessage,
};

export type CardPaymentRow = {
  id: string;
  merchantId: string;
  customerAccountId: string;
  number: number;
  state: (typeof payments.$inferSelect)['state'];
  amountCents: number;
  surchargeCents: number;
  refundedCents: number;
  stripePaymentIntentId: string | null;
  cardCountry: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  failureMessage: string | null;
};

const isCard = eq(payments.method, 'STRIPE_CARD');

export async function findCardPaymentByKey(db: Db, options: { merchantId: string; key: string }) {
  const [row] = await db
    .select(cardPaymentColumns)
    .from(payments)
    .where(
      and(eq(payments.merchantId, options.merchantId), eq(payments.idempotencyKey, options.key), isCard),
    );
  return row as CardPaymentRow | undefined;
}

export async function findCardPayment(db: Db, paymentId: string) {
  const [row] = await db
    .select(cardPaymentColumns)
    .from(payments)
    .where(and(eq(payments.id, paymentId), isCard));
  return row as CardPaymentRow | undefined;
}

export async function findCardPaymentByIntent(db: Db, paymentIntentId: string) {
  const [row] = await db
    .select(cardPaymentColumns)
    .from(payments)
    .where(and(eq(payments.stripePaymentIntentId, paymentIntentId), isCard));
  return row as CardPaymentRow | undefined;
}

/** The orders a payment pays and how much of each, oldest due first. */
export async function listPaymentOrders(db: Db, paymentId: string) {
  return db
    .select({ id: orders.id, number: orders.number, amountCents: paymentAllocations.amountCents })
    .from(paymentAllocations)
    .innerJoin(
      orders,
      and(eq(orders.id, paymentAllocations.orderId), eq(orders.merchantId, paymentAllocations.merchantId)),
    )
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(orders.dueDate), asc(orders.id));
}

/** Notes the PaymentIntent a card payment made (once: the first one Stripe answered stands). */
export async function setPaymentIntentId(tx: Db, options: { paymentId: string; paymentIntentId: string }) {
  await tx
    .update(payments)
    .set({ stripePaymentIntentId: options.paymentIntentId })
    .where(and(eq(payments.id, options.paymentId), sql`${payments.stripePaymentIntentId} is null`));
}

/** A card payment's state, its row locked until the transaction ends. */
export async function lockCardPaymentState(tx: Db, paymentId: string) {
  const [row] = await tx
    .select({ state: payments.state })
    .from(payments)
    .where(and(eq(payments.id, paymentId), isCard))
    .for('update');
  return row?.state;
}

/**
 * The customer's card payments still processing since before `before` with a PaymentIntent: those
 * a payer may have abandoned at their bank's authentication, still holding their orders.
 */
export async function listLingeringCardPayments(
  db: Db,
  options: { merchantId: string; customerAccountId: string; before: Date; limit: number },
) {
  return db
    .select({ id: payments.id, stripePaymentIntentId: payments.stripePaymentIntentId })
    .from(payments)
    .where(
      and(
        eq(payments.customerAccountId, options.customerAccountId),
        eq(payments.merchantId, options.merchantId),
        isCard,
        eq(payments.state, 'PROCESSING'),
        isNotNull(payments.stripePaymentIntentId),
        lt(payments.createdAt, options.before),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(options.limit);
}
