import { computeOrderTotals, deliveryGstRate, ORDER_STATUSES } from '@tradeport/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/client.ts';
import {
  orderCounters,
  orderEvents,
  orderLines,
  orders,
  organisations,
  products,
  users,
} from '../platform/db/schema/index.ts';
import { openTestDatabase } from '../testing/index.ts';
import { seedDemo } from './demo.ts';
import { DEMO_ORDER_COUNT } from './demo-orders.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

// Wednesday 25 November 2026, 10 am in Sydney.
const NOW = new Date('2026-11-24T23:00:00Z');

describe('the demo merchant’s orders', () => {
  it('are a few weeks of orders in every status, priced as placing prices them, once', async () => {
    const { db } = database;
    expect(await seedDemo(db, NOW)).toBe(true);
    expect(await seedDemo(db, NOW)).toBe(false);
    const [merchant] = await db
      .select({ id: organisations.id, abn: organisations.abn })
      .from(organisations)
      .where(eq(organisations.slug, 'harbourside-wholesale'));
    const all = await db
      .select()
      .from(orders)
      .where(eq(orders.merchantId, merchant!.id))
      .orderBy(asc(orders.number));
    expect(all).toHaveLength(DEMO_ORDER_COUNT);
    expect(all.map((order) => order.number)).toEqual(all.map((_, index) => index + 1));
    const [counter] = await db.select().from(orderCounters).where(eq(orderCounters.merchantId, merchant!.id));
    expect(counter).toMatchObject({ lastOrderNumber: DEMO_ORDER_COUNT, lastInvoiceNumber: DEMO_ORDER_COUNT });

    expect(new Set(all.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
    const ages = all.map((order) => NOW.getTime() - order.placedAt.getTime());
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeGreaterThan(20 * 24 * 3_600_000);
    expect(all.filter((order) => order.isPlacedByMerchant).length).toBeGreaterThanOrEqual(2);
    expect(all.some((order) => order.purchaseOrderNumber)).toBe(true);
    expect(all.some((order) => order.notes)).toBe(true);
    expect(new Set(all.map((order) => order.shippingMethodKind))).toEqual(new Set(['DELIVERY', 'PICK_UP']));
    expect(all.every((order) => order.deliveryDate !== null)).toBe(true);
    expect(new Set(all.map((order) => order.customerName)).size).toBe(4);

    for (const order of all) {
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(lines.length).toBeGreaterThanOrEqual(2);
      const totals = computeOrderTotals({
        lines: lines.map((line) => ({
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          gstRateBasisPoints: line.gstRateBasisPoints,
        })),
        deliveryFeeCents: order.deliveryFeeCents,
        deliveryGstRateBasisPoints: deliveryGstRate({ isTaxExempt: order.isTaxExempt }),
        rounding: order.gstRounding,
      });
      expect(order, `order ${order.number}`).toMatchObject({
        subtotalCents: totals.subtotalCents,
        gstCents: totals.gstCents,
        totalCents: totals.totalCents,
      });
      // The history tells how it got to its status.
      const events = await db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.at));
      expect(events[0]!.kind).toBe('PLACED');
      const last = events.at(-1)!;
      if (order.status === 'PROCESSING') expect(events).toHaveLength(1);
      else expect(last.details).toMatchObject({ to: order.status });
      expect(order.version).toBe(events.length);
      expect(order.shippedAt !== null).toBe(order.status === 'SHIPPED' || order.status === 'COMPLETED');
      expect(order.completedAt !== null).toBe(order.status === 'COMPLETED');
      expect(order.cancelledAt !== null).toBe(order.status === 'CANCELLED');
    }

    // Each customer's own prices: the café's tier takes 10 % off some lines; Saltwater pays base.
    const linesOf = (customerName: string) =>
      db
        .select({ unit: orderLines.unitPriceCents, base: products.basePriceCents })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(eq(orders.customerName, customerName));
    const cafe = await linesOf('Bean There Café');
    expect(cafe.some((line) => line.unit < line.base)).toBe(true);
    const saltwater = await linesOf('Saltwater Kitchen');
    expect(saltwater.length).toBeGreaterThan(0);
    expect(saltwater.every((line) => line.unit === line.base)).toBe(true);
    const [staff] = await db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    expect(all.filter((order) => order.isPlacedByMerchant).every((o) => o.placedByUserId === staff!.id)).toBe(
      true,
    );
  });
});
