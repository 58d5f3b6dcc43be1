import { COUNTED_PAYMENT_STATES, PENDING_PAYMENT_STATES, type AllocatableOrder } from '@tradeport/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import {
  customerAccounts,
  orders,
  organisations,
  paymentAllocations,
  paymentCounters,
  paymentRefunds,
  payments,
} from '../../platform/db/schema/index.ts';

// The ledger's reads and writes, each in the caller's transaction (payment-ledger.ts). Nothing
// else writes payments, allocations or refunds (credits: credit-ledger.queries.ts), and nothing else
// writes orders.paid_cents.

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Recomputes what each order is paid: Σ (amount − refunded) of its allocations whose payment
 * counts (SUCCESSFUL or REFUNDED). Called in the same transaction as any change to allocations or
 * payment states, for the orders that change touched. The order's version is left alone: being
 * paid is not an edit, and must not make a merchant's open edit stale.
 */
export async function refreshOrdersPaid(tx: Db, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = [...new Set(orderIds)];
  await tx.update(orders).set({ paidCents: countedPaidCents }).where(inArray(orders.id, ids));
}

/** The order's Σ (amount − refunded) of allocations whose payment counts, as the row's paid_cents. */
const countedPaidCents = sql<number>`coalesce((
  select sum(${paymentAllocations.amountCents} - ${paymentAllocations.refundedCents})
  from ${paymentAllocations}
  inner join ${payments} on ${payments.id} = ${paymentAllocations.paymentId}
    and ${payments.merchantId} = ${paymentAllocations.merchantId}
  where ${paymentAllocations.orderId} = ${orders.id}
    and ${inArray(payments.state, [...COUNTED_PAYMENT_STATES])}
), 0)`;

/**
 * Whether the merchant has payments switched on, and its time zone (its calendar day); with a
 * customer organisation, also that customer's account with the merchant (null when it has none),
 * read in the same statement.
 */
export async function findMerchantPaymentSettings(
  tx: Db,
  merchantId: string,
  options: { customerOrganisationId?: string } = {},
) {
  const { customerOrganisationId } = options;
  const [row] = await tx
    .select({
      isPaymentsEnabled: organisations.paymentsEnabled,
      timeZone: organisations.timeZone,
      customerAccountId: customerOrganisationId
        ? sql<
            string | null
          >`(select ${customerAccounts.id} from ${customerAccounts} where ${customerAccounts.merchantId} = ${merchantId} and ${customerAccounts.customerOrganisationId} = ${customerOrganisationId})`
        : sql<null>`null`,
    })
    .from(organisations)
    .where(and(eq(organisations.id, merchantId), eq(organisations.kind, 'MERCHANT')));
  return row;
}

export async function findCustomerAccountId(
  tx: Db,
  options: { merchantId: string; customerOrganisationId: string },
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.merchantId, options.merchantId),
        eq(customerAccounts.customerOrganisationId, options.customerOrganisationId),
      ),
    );
  return row?.id;
}

/** The payment an Idempotency-Key already recorded for this merchant, if any. */
export async function findPaymentIdByKey(db: Db, options: { merchantId: string; key: string }) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.merchantId, options.merchantId), eq(payments.idempotencyKey, options.key)));
  return row?.id;
}

/**
 * The customer's orders a payment names, locked (in id order, so two payments never wait on each
 * other crosswise) until the transaction ends: what they may still be allocated is then true
 * until the payment is written. Orders of anyone else are simply not there.
 */
export async function lockAllocatableOrders(
  tx: Db,
  options: { merchantId: string; customerAccountId: string; orderIds: readonly string[] },
): Promise<Map<string, AllocatableOrder>> {
  if (options.orderIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      totalCents: orders.totalCents,
      paidCents: orders.paidCents,
    })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, options.merchantId),
        eq(orders.customerAccountId, options.customerAccountId),
        inArray(orders.id, [...new Set(options.orderIds)]),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
  const pending = await pendingCents(
    tx,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        number: row.number,
        isCancelled: row.status === 'CANCELLED',
        allocatableCents: Math.max(row.totalCents - row.paidCents - (pending.get(row.id) ?? 0), 0),
      },
    ]),
  );
}

/** What payments not settled yet (UPCOMING, PROCESSING) hold of each order. */
async function pendingCents(tx: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select({
      orderId: paymentAllocations.orderId,
      cents: sql<string>`sum(${paymentAllocations.amountCents})`,
    })
    .from(paymentAllocations)
    .innerJoin(
      payments,
      and(
        eq(payments.id, paymentAllocations.paymentId),
        eq(payments.merchantId, paymentAllocations.merchantId),
      ),
    )
    .where(
      and(
        inArray(paymentAllocations.orderId, orderIds),
        inArray(payments.state, [...PENDING_PAYMENT_STATES]),
      ),
    )
    .groupBy(paymentAllocations.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.cents)]));
}

/**
 * The merchant's next payment or credit number. The counter's row lock queues concurrent
 * recorders of the merchant until they commit, so it is taken as late as possible.
 */
export async function takeNumber(tx: Db, options: { merchantId: string; kind: 'payment' | 'credit' }) {
  const column =
    options.kind === 'payment' ? paymentCounters.lastPaymentNumber : paymentCounters.lastCreditNumber;
  const [row] = await tx
    .insert(paymentCounters)
    .values({
      merchantId: options.merchantId,
      lastPaymentNumber: options.kind === 'payment' ? 1 : 0,
      lastCreditNumber: options.kind === 'credit' ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: paymentCounters.merchantId,
      set: { [options.kind === 'payment' ? 'lastPaymentNumber' : 'lastCreditNumber']: sql`${column} + 1` },
    })
    .returning({ number: column });
  return row!.number;
}

/**
 * A payment's Idempotency-Key was recorded by a concurrent request while this one was writing: the
 * caller rolls back (numbers and credit taken included) and answers with that payment
 * (findPaymentIdByKey), as recordPayment (payment-ledger.ts) does.
 */
export class PaymentKeyTakenMeanwhile extends Error {
  constructor() {
    super('The Idempotency-Key was used by a concurrent request');
  }
}

/**
 * Inserts the payment and its allocations and, for a received payment (`isCounted`), refreshes its
 * orders' paid amounts, all in one statement. Its number is the merchant's next payment number,
 * taken when the transaction commits (migration 0020: the counter is then locked only for the
 * commit), unless `isNumberedNow`: a payment whose number is needed before then (its overpayment
 * credit names it) takes it in this statement, and the counter stays locked until the commit.
 * Answers that number, or undefined when it is taken at the commit. Throws
 * PaymentKeyTakenMeanwhile when its idempotency key is taken.
 */
export async function insertPaymentWithAllocations(
  tx: Db,
  options: {
    payment: Omit<typeof payments.$inferInsert, 'number'> & { id: string };
    allocations: Omit<typeof paymentAllocations.$inferInsert, 'paymentId' | 'merchantId'>[];
    isCounted: boolean;
    isNumberedNow: boolean;
  },
): Promise<number | undefined> {
  const { payment } = options;
  const numbers = tx.$with('numbers').as(
    tx
      .insert(paymentCounters)
      .values({ merchantId: payment.merchantId, lastPaymentNumber: 1, lastCreditNumber: 0 })
      .onConflictDoUpdate({
        target: paymentCounters.merchantId,
        set: { lastPaymentNumber: sql`${paymentCounters.lastPaymentNumber} + 1` },
      })
      .returning({ number: paymentCounters.lastPaymentNumber }),
  );
  const inserted = tx.$with('inserted_payment').as(
    tx
      .insert(payments)
      .values({
        ...payment,
        number: options.isNumberedNow
          ? sql`(select ${numbers.number} from ${numbers})`
          : sql`-nextval('payment_number_placeholders')`,
      })
      .returning({ number: payments.number }),
  );
  const withAllocations = () => {
    // The allocations reference the payment inserted beside them; their foreign keys are checked
    // at the statement's end, when it is there.
    const allocated = tx.$with('inserted_allocations').as(
      tx
        .insert(paymentAllocations)
        .values(
          options.allocations.map((allocation) => ({
            ...allocation,
            merchantId: payment.merchantId,
            paymentId: payment.id,
          })),
        )
        .returning({ orderId: paymentAllocations.orderId, amountCents: paymentAllocations.amountCents }),
    );
    // What refreshOrdersPaid would write once this statement is over: it sees the allocations of
    // the payments before it (one snapshot), so this payment's are added to them.
    const paid = tx.$with('paid_orders').as(
      tx
        .update(orders)
        .set({
          paidCents: sql`${countedPaidCents} + (select sum(${allocated.amountCents}) from ${allocated} where ${allocated.orderId} = ${orders.id})`,
        })
        .where(sql`${orders.id} in (select ${allocated.orderId} from ${allocated})`)
        .returning({ id: orders.id }),
    );
    return options.isCounted ? [allocated, paid] : [allocated];
  };
  try {
    const [row] = await tx
      .with(
        ...(options.isNumberedNow ? [numbers] : []),
        inserted,
        ...(options.allocations.length > 0 ? withAllocations() : []),
      )
      .select({ number: inserted.number })
      .from(inserted);
    return options.isNumberedNow ? row!.number : undefined;
  } catch (error) {
    if (uniqueViolation(error) === 'payments_merchant_idempotency_key') throw new PaymentKeyTakenMeanwhile();
    throw error;
  }
}

/** A payment of the merchant, locked for the rest of the transaction. */
export async function lockPayment(tx: Db, options: { merchantId?: string; paymentId: string }) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, options.paymentId),
        options.merchantId ? eq(payments.merchantId, options.merchantId) : undefined,
      ),
    )
    .for('update');
  return row;
}

export async function updatePayment(
  tx: Db,
  options: { paymentId: string; set: Partial<typeof payments.$inferInsert> },
) {
  await tx
    .update(payments)
    .set({ ...options.set, version: sql`${payments.version} + 1`, updatedAt: sql`now()` })
    .where(eq(payments.id, options.paymentId));
}

/** A payment's allocations, the newest orders first (the order a refund takes them back in). */
export async function listLedgerAllocations(tx: Db, payment: { id: string; merchantId: string }) {
  return tx
    .select({
      id: paymentAllocations.id,
      orderId: paymentAllocations.orderId,
      amountCents: paymentAllocations.amountCents,
      refundedCents: paymentAllocations.refundedCents,
    })
    .from(paymentAllocations)
    .innerJoin(
      orders,
      and(eq(orders.id, paymentAllocations.orderId), eq(orders.merchantId, paymentAllocations.merchantId)),
    )
    .where(
      and(
        eq(paymentAllocations.paymentId, payment.id),
        eq(paymentAllocations.merchantId, payment.merchantId),
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id));
}

export async function setAllocationRefunded(tx: Db, rows: readonly { id: string; refundedCents: number }[]) {
  for (const row of rows) {
    await tx
      .update(paymentAllocations)
      .set({ refundedCents: row.refundedCents })
      .where(eq(paymentAllocations.id, row.id));
  }
}

/** Inserts a refund unless its key was used for this payment already (then undefined). */
export async function insertRefund(tx: Db, values: typeof paymentRefunds.$inferInsert) {
  const [row] = await tx
    .insert(paymentRefunds)
    .values(values)
    .onConflictDoNothing({
      target: [paymentRefunds.paymentId, paymentRefunds.idempotencyKey],
      where: sql`${paymentRefunds.idempotencyKey} is not null`,
    })
    .returning({ id: paymentRefunds.id });
  return row?.id;
}

export async function hasRefundWithKey(db: Db, options: { paymentId: string; key: string }) {
  const [row] = await db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(eq(paymentRefunds.paymentId, options.paymentId), eq(paymentRefunds.idempotencyKey, options.key)),
    );
  return row !== undefined;
}
