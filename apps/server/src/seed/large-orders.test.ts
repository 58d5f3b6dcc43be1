import { computeOrderTotals, deliveryGstRate } from '@tradeport/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCounters, orderEvents, orderLines, orders } from '../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/index.ts';
import { seedLarge } from './large.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedLargeOrders (the large data set’s order history)', () => {
  it('writes orders whose stored totals are exactly what computeOrderTotals makes of their lines', async () => {
    const { db } = t.database;
    const now = new Date('2026-11-20T03:00:00.000Z');
    const { merchantId } = await seedLarge(db, {
      slug: 'large-orders-test',
      products: 40,
      tiers: 2,
      tierPrices: 40,
      groups: 2,
      customers: 6,
      orders: 500,
      now,
    });
    const placed = await db
      .select()
      .from(orders)
      .where(eq(orders.merchantId, merchantId))
      .orderBy(asc(orders.number));
    expect(placed.map((order) => order.number)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    const lines = await db.select().from(orderLines).where(eq(orderLines.merchantId, merchantId));

    for (const order of placed) {
      const own = lines.filter((line) => line.orderId === order.id).sort((a, b) => a.position - b.position);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(new Set(own.map((line) => line.productId)).size).toBe(own.length);
      const totals = computeOrderTotals({
        lines: own.map((line) => ({
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          gstRateBasisPoints: line.gstRateBasisPoints,
        })),
        deliveryFeeCents: order.deliveryFeeCents,
        deliveryGstRateBasisPoints: deliveryGstRate({ isTaxExempt: order.isTaxExempt }),
        rounding: order.gstRounding,
      });
      expect(totals.lines).toEqual(
        own.map((line) => ({ subtotalCents: line.subtotalCents, gstCents: line.gstCents })),
      );
      expect({
        subtotal: order.subtotalCents,
        gst: order.gstCents,
        total: order.totalCents,
      }).toEqual({ subtotal: totals.subtotalCents, gst: totals.gstCents, total: totals.totalCents });
    }

    // Oldest first over two years; the newest still being worked, the old ones done.
    expect(placed[0]!.placedAt.getTime()).toBeLessThan(placed.at(-1)!.placedAt.getTime());
    expect(placed.at(-1)!.placedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    const statuses = new Set(placed.map((order) => order.status));
    for (const status of ['COMPLETED', 'CANCELLED', 'SHIPPED', 'PROCESSING'] as const) {
      expect(statuses).toContain(status);
    }
    expect(placed.at(-1)!.status).toMatch(/^(PROCESSING|ON_HOLD)$/);
    const [counter] = await db.select().from(orderCounters).where(eq(orderCounters.merchantId, merchantId));
    expect(counter).toMatchObject({ lastOrderNumber: 500, lastInvoiceNumber: 500 });
    const events = await db.select().from(orderEvents).where(eq(orderEvents.merchantId, merchantId));
    expect(events).toHaveLength(500);

    // Laid out as placing lays orders out: ids that grow with time, rows in the order placed.
    const byId = [...placed].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId.map((order) => order.number)).toEqual(placed.map((order) => order.number));
    const { rows: inHeapOrder } = (await db.execute(
      sql`select number from orders where merchant_id = ${merchantId} order by ctid`,
    )) as unknown as { rows: { number: number }[] };
    // Not strictly: an insert fills space other rows left on earlier pages where a row fits.
    const inOrder = inHeapOrder.filter((row, i) => i === 0 || row.number > inHeapOrder[i - 1]!.number);
    expect(inOrder.length / inHeapOrder.length).toBeGreaterThan(0.95);
  });
});
