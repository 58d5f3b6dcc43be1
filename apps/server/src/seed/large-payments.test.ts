import { dateInZone, orderPaymentStatus } from '@tradeport/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshOrdersPaid } from '../modules/payments/payment-ledger.queries.ts';
import {
  credits,
  customerAccounts,
  orders,
  organisations,
  paymentAllocations,
  paymentCounters,
  payments,
} from '../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/index.ts';
import { seedLarge } from './large.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Items by a key (Map.groupBy, which the server's TypeScript lib does not have yet). */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const ORDERS = 1_200;

describe('the large data set’s payments', () => {
  it('pay most orders by the ledger’s rules: Σ allocations = paid_cents, each payment = Σ its allocations', async () => {
    const { db } = t.database;
    const now = new Date('2026-11-20T03:00:00.000Z');
    const today = dateInZone(now, 'Australia/Sydney');
    const { merchantId, customerOrganisationId } = await seedLarge(db, {
      slug: 'large-payments-test',
      products: 40,
      tiers: 2,
      tierPrices: 40,
      groups: 2,
      customers: 12,
      orders: ORDERS,
      now,
    });
    const [merchant] = await db.select().from(organisations).where(eq(organisations.id, merchantId));
    expect(merchant!.paymentsEnabled).toBe(true);
    const all = await db
      .select({ order: orders, isTracked: customerAccounts.isPaymentsEnabled, customer: customerAccounts })
      .from(orders)
      .innerJoin(customerAccounts, eq(customerAccounts.id, orders.customerAccountId))
      .where(eq(orders.merchantId, merchantId))
      .orderBy(asc(orders.number));
    const allPayments = await db.select().from(payments).where(eq(payments.merchantId, merchantId));
    const allocations = await db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.merchantId, merchantId));
    const paymentById = new Map(allPayments.map((payment) => [payment.id, payment]));
    const orderById = new Map(all.map((row) => [row.order.id, row.order]));

    // Per order: Σ allocations = paid_cents; nothing paid of a cancelled one, never more than the total.
    const allocatedTo = groupBy(allocations, (allocation) => allocation.orderId);
    for (const { order } of all) {
      const own = allocatedTo.get(order.id) ?? [];
      const sum = own.reduce((total, allocation) => total + allocation.amountCents, 0);
      expect(sum, `order ${order.number}`).toBe(order.paidCents);
      expect(order.paidCents).toBeLessThanOrEqual(order.totalCents);
      if (order.status === 'CANCELLED') expect(order.paidCents).toBe(0);
    }
    // Per payment: SUCCESSFUL, its amount = Σ its allocations (no credit left over), the
    // customer's own order, received between the order's day and today.
    const allocatedFrom = groupBy(allocations, (allocation) => allocation.paymentId);
    for (const payment of allPayments) {
      const own = allocatedFrom.get(payment.id) ?? [];
      expect(own.length, `payment ${payment.number}`).toBe(1);
      expect(payment.amountCents).toBe(own[0]!.amountCents);
      expect(payment.state).toBe('SUCCESSFUL');
      const order = orderById.get(own[0]!.orderId)!;
      expect(payment.customerAccountId).toBe(order.customerAccountId);
      expect(payment.paidOn >= dateInZone(order.placedAt, 'Australia/Sydney')).toBe(true);
      expect(payment.paidOn <= today).toBe(true);
      expect(payment.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(allocations.every((allocation) => paymentById.has(allocation.paymentId))).toBe(true);
    expect(await db.select().from(credits).where(eq(credits.merchantId, merchantId))).toHaveLength(0);

    // The ledger's own refresh of paid_cents changes nothing.
    const before = all.map(({ order }) => order.paidCents);
    await db.transaction((tx) => refreshOrdersPaid(tx, [...orderById.keys()]));
    const after = await db
      .select({ paidCents: orders.paidCents })
      .from(orders)
      .where(eq(orders.merchantId, merchantId))
      .orderBy(asc(orders.number));
    expect(after.map((row) => row.paidCents)).toEqual(before);

    // About 80 % paid in full, 5 % in part, the rest unpaid, some of it overdue.
    const share = (test: (order: (typeof all)[number]['order']) => boolean) =>
      all.filter(({ order }) => test(order)).length / all.length;
    expect(share((order) => order.paidCents === order.totalCents)).toBeGreaterThan(0.74);
    expect(share((order) => order.paidCents === order.totalCents)).toBeLessThan(0.86);
    const part = share((order) => order.paidCents > 0 && order.paidCents < order.totalCents);
    expect(part).toBeGreaterThan(0.02);
    expect(part).toBeLessThan(0.09);
    const unpaid = all.filter(({ order }) => order.status !== 'CANCELLED' && order.paidCents === 0);
    expect(unpaid.length / all.length).toBeGreaterThan(0.05);
    expect(unpaid.some(({ order }) => order.dueDate < today)).toBe(true);
    expect(unpaid.some(({ order }) => order.dueDate >= today)).toBe(true);
    const statuses = new Set(all.map(({ order, isTracked }) => orderPaymentStatus({ ...order, isTracked })));
    expect(statuses).toEqual(new Set(['PAID', 'PARTIALLY_PAID', 'UNPAID', 'NOT_TRACKED']));
    // Some orders paid in two instalments; several methods.
    expect([...allocatedTo.values()].some((own) => own.length === 2)).toBe(true);
    expect(new Set(allPayments.map((payment) => payment.method)).size).toBeGreaterThanOrEqual(4);

    // Numbered 1…n in the order received, the counter at n.
    const byNumber = [...allPayments].sort((a, b) => a.number - b.number);
    expect(byNumber.map((payment) => payment.number)).toEqual(allPayments.map((_, i) => i + 1));
    const [counter] = await db
      .select()
      .from(paymentCounters)
      .where(eq(paymentCounters.merchantId, merchantId));
    expect(counter).toMatchObject({ lastPaymentNumber: allPayments.length, lastCreditNumber: 0 });

    // The customer user's account has the long history: a fortieth of all orders on top of its share.
    const perCustomer = groupBy(all, ({ customer }) => customer.customerOrganisationId);
    const busy = perCustomer.get(customerOrganisationId)!.length;
    const others = [...perCustomer]
      .filter(([id]) => id !== customerOrganisationId)
      .map(([, rows]) => rows.length);
    expect(busy).toBeGreaterThan(Math.max(...others) + ORDERS / 40 - 10);
  });
});
