import {
  AGING_BUCKETS,
  agingBucket,
  COUNTED_PAYMENT_STATES,
  computeOrderTotals,
  dateInZone,
  daysOverdue,
  ORDER_PAYMENT_STATUSES,
  orderPaymentStatus,
  outstandingCents,
} from '@tradeport/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/client.ts';
import {
  creditLines,
  credits,
  customerAccounts,
  orderLines,
  orders,
  organisations,
  paymentAllocations,
  paymentCounters,
  payments,
} from '../platform/db/schema/index.ts';
import { openTestDatabase } from '../testing/index.ts';
import { seedDemo } from './demo.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

/** Items by a key (Map.groupBy, which the server's TypeScript lib does not have yet). */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

// Wednesday 25 November 2026, 10 am in Sydney.
const NOW = new Date('2026-11-24T23:00:00Z');
const TODAY = dateInZone(NOW, 'Australia/Sydney');

describe('the demo merchant’s payments and credits', () => {
  it('add up by the ledger’s rules, in every payment status, with overdue invoices in every aging bucket', async () => {
    const { db } = database;
    expect(await seedDemo(db, NOW)).toBe(true);
    const [merchant] = await db
      .select()
      .from(organisations)
      .where(eq(organisations.slug, 'harbourside-wholesale'));
    expect(merchant!.paymentsEnabled).toBe(true);
    const merchantId = merchant!.id;
    const all = await db
      .select({ order: orders, isTracked: customerAccounts.isPaymentsEnabled })
      .from(orders)
      .innerJoin(customerAccounts, eq(customerAccounts.id, orders.customerAccountId))
      .where(eq(orders.merchantId, merchantId))
      .orderBy(asc(orders.number));
    const paid = await db
      .select({ allocation: paymentAllocations, payment: payments })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.merchantId, merchantId));
    const allPayments = await db.select().from(payments).where(eq(payments.merchantId, merchantId));
    const allCredits = await db.select().from(credits).where(eq(credits.merchantId, merchantId));

    // Every order: paid is what its counted allocations pay, and paid + outstanding = total.
    for (const { order } of all) {
      const counted = paid
        .filter(({ allocation }) => allocation.orderId === order.id)
        .filter(({ payment }) => COUNTED_PAYMENT_STATES.includes(payment.state))
        .reduce((sum, { allocation }) => sum + allocation.amountCents - allocation.refundedCents, 0);
      expect(order.paidCents, `order ${order.number}`).toBe(counted);
      const owed = outstandingCents({ ...order, isCancelled: order.status === 'CANCELLED' });
      if (order.status === 'CANCELLED') expect([order.paidCents, owed]).toEqual([0, 0]);
      else expect(order.paidCents + owed, `order ${order.number}`).toBe(order.totalCents);
    }
    // Every payment: its amount is what it allocates plus the credit it left over.
    for (const payment of allPayments) {
      const allocated = paid
        .filter(({ allocation }) => allocation.paymentId === payment.id)
        .reduce((sum, { allocation }) => sum + allocation.amountCents, 0);
      const leftOver = allCredits
        .filter((credit) => credit.paymentId === payment.id)
        .reduce((sum, credit) => sum + credit.amountCents, 0);
      expect(payment.amountCents, `payment ${payment.number}`).toBe(allocated + leftOver);
      expect(payment.paidOn <= TODAY).toBe(true);
      expect(payment.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(payment.method).not.toBe('STRIPE_CARD');
    }
    // Every credit: what remains is its amount less what was applied from it.
    for (const credit of allCredits) {
      const applied = allPayments
        .filter((payment) => payment.creditId === credit.id)
        .reduce((sum, payment) => sum + payment.amountCents, 0);
      expect(credit.remainingCents, `credit ${credit.number}`).toBe(credit.amountCents - applied);
    }

    const statuses = all.map(({ order, isTracked }) => orderPaymentStatus({ ...order, isTracked }));
    expect(new Set(statuses)).toEqual(new Set(ORDER_PAYMENT_STATUSES));
    expect(new Set(allPayments.map((payment) => payment.method))).toEqual(
      new Set(['EXTERNAL_CARD', 'BANK_TRANSFER', 'CASH', 'EXTERNAL_DIRECT_DEBIT', 'ACCOUNT_CREDIT']),
    );
    expect(allPayments.filter((payment) => payment.state === 'PROCESSING')).toHaveLength(1);
    // A bank transfer that pays one order and part of another.
    const byPayment = groupBy(paid, ({ payment }) => payment.id);
    const split = [...byPayment.values()].find((rows) => rows.length === 2)!;
    expect(split[0]!.payment.method).toBe('BANK_TRANSFER');
    const splitOrders = split.map(({ allocation }) =>
      all.find(({ order }) => order.id === allocation.orderId)!,
    );
    expect(splitOrders.map(({ order }) => order.paidCents < order.totalCents).sort()).toEqual([false, true]);

    // Credits: a manual one applied, one left to apply, an overpayment, an adjustment note.
    const manual = allCredits.filter((credit) => credit.source === 'MANUAL');
    expect(manual.every((credit) => credit.reason.length > 10)).toBe(true);
    expect(manual.some((credit) => credit.remainingCents === 0)).toBe(true);
    expect(manual.some((credit) => credit.remainingCents === credit.amountCents)).toBe(true);
    expect(allCredits.filter((credit) => credit.source === 'OVERPAYMENT')).toHaveLength(1);
    const [note] = allCredits.filter((credit) => credit.source === 'ORDER_ADJUSTMENT');
    const noteLines = await db.select().from(creditLines).where(eq(creditLines.creditId, note!.id));
    const [charged] = await db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.productId, noteLines[0]!.productId!), eq(orderLines.orderId, note!.orderId!)));
    expect(noteLines).toHaveLength(1);
    expect(noteLines[0]).toMatchObject({ quantity: 1, unitPriceCents: charged!.unitPriceCents });
    const shorted = all.find(({ order }) => order.id === note!.orderId)!.order;
    const totals = computeOrderTotals({
      lines: [
        {
          quantity: 1,
          unitPriceCents: charged!.unitPriceCents,
          gstRateBasisPoints: charged!.gstRateBasisPoints,
        },
      ],
      deliveryFeeCents: 0,
      deliveryGstRateBasisPoints: 0,
      rounding: shorted.gstRounding,
    });
    expect(note).toMatchObject({ amountCents: totals.totalCents, gstCents: totals.gstCents });
    expect(shorted.status).toBe('COMPLETED');

    // Overdue: unpaid and part-paid invoices past their due dates, in every aging bucket.
    const owing = all.filter(
      ({ order, isTracked }) =>
        isTracked && order.status !== 'CANCELLED' && order.paidCents < order.totalCents,
    );
    const overdue = owing.filter(({ order }) => order.dueDate < TODAY);
    expect(overdue.length).toBeGreaterThanOrEqual(5);
    expect(overdue.some(({ order }) => order.paidCents > 0)).toBe(true);
    expect(
      new Set(owing.map(({ order }) => agingBucket(daysOverdue({ dueDate: order.dueDate, today: TODAY })))),
    ).toEqual(new Set(AGING_BUCKETS));

    // Numbered 1… by the ledger, its counters at the last number.
    const [counter] = await db
      .select()
      .from(paymentCounters)
      .where(eq(paymentCounters.merchantId, merchantId));
    expect(allPayments.map((payment) => payment.number).sort((a, b) => a - b)).toEqual(
      allPayments.map((_, i) => i + 1),
    );
    expect(counter).toMatchObject({
      lastPaymentNumber: allPayments.length,
      lastCreditNumber: allCredits.length,
    });
  });
});
