import { addDays, HOME_SALES_DAYS, type MerchantHome } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { createPricedTestOrder } from '../order-documents/order-documents.testing.ts';
import { NOW, receivablesKit, TODAY } from '../receivables/receivables.testing.ts';
import { compactSalesRollups } from './sales-rollups.queries.ts';

// The merchant's home on a fixed clock (NOW: 11:00 on 31 March 2026 in Sydney, the merchant's
// zone, AEDT +11): its counts, what is overdue, and 30 days of sales by the Sydney day placed,
// to the cent of the orders they cover.

let t: TestApp;
const { api, merchantWithCustomers } = receivablesKit(() => t);
let shop: Awaited<ReturnType<typeof merchantWithCustomers>>;
/** The orders placed in the window and not cancelled: what the chart must add up to. */
const counted: { day: string; totalCents: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  shop = await merchantWithCustomers();
  const { merchant, cafe, bistro } = shop;
  const place = async (
    customer: typeof cafe,
    options: Omit<
      Parameters<typeof createPricedTestOrder>[1],
      'merchantId' | 'customerAccountId' | 'lines'
    > & {
      exGstCents: number;
      /** The Sydney day it was placed, when counted. */
      day?: string;
    },
  ) => {
    const { exGstCents, day, ...overrides } = options;
    const order = await createPricedTestOrder(t.database.db, {
      merchantId: merchant.id,
      customerAccountId: customer.id,
      lines: [{ quantity: 1, unitPriceCents: exGstCents }],
      dueDate: overrides.dueDate ?? addDays(TODAY, 30),
      ...overrides,
    });
    if (day) counted.push({ day, totalCents: order.totalCents });
    return order;
  };
  // 00:30 on 2 March in Sydney, still 1 March in UTC: the window's first day.
  await place(cafe, {
    exGstCents: 10_000,
    placedAt: new Date('2026-03-01T13:30:00Z'),
    status: 'COMPLETED',
    day: '2026-03-02',
  });
  // 23:30 on 1 March in Sydney: the day before the window.
  await place(cafe, { exGstCents: 99_999, placedAt: new Date('2026-03-01T12:30:00Z'), status: 'COMPLETED' });
  // 23:30 on 30 March in Sydney (yesterday), 12:30 UTC.
  await place(bistro, { exGstCents: 20_001, placedAt: new Date('2026-03-30T12:30:00Z'), day: '2026-03-30' });
  // 00:30 today in Sydney, 30 March in UTC; to be delivered today.
  await place(cafe, {
    exGstCents: 3_003,
    placedAt: new Date('2026-03-30T13:30:00Z'),
    deliveryDate: TODAY,
    day: TODAY,
  });
  // On hold, placed the day before yesterday, to be delivered today.
  await place(bistro, {
    exGstCents: 4_000,
    placedAt: new Date('2026-03-29T01:00:00Z'),
    status: 'ON_HOLD',
    deliveryDate: TODAY,
    day: '2026-03-29',
  });
  // Shipped and due for delivery today: still to deliver.
  await place(cafe, {
    exGstCents: 5_000,
    placedAt: new Date('2026-03-20T01:00:00Z'),
    status: 'SHIPPED',
    deliveryDate: TODAY,
    day: '2026-03-20',
  });
  // Completed or cancelled today's deliveries are done; a cancelled order sold nothing.
  await place(cafe, {
    exGstCents: 6_000,
    placedAt: new Date('2026-03-31T00:30:00Z'),
    status: 'CANCELLED',
    deliveryDate: TODAY,
  });
  await place(cafe, {
    exGstCents: 7_000,
    placedAt: new Date('2026-03-10T01:00:00Z'),
    status: 'COMPLETED',
    deliveryDate: TODAY,
    day: '2026-03-10',
  });
  // Overdue: due 10 days ago, unpaid (placed long before the window).
  await place(cafe, {
    exGstCents: 8_000,
    placedAt: new Date('2026-01-01T01:00:00Z'),
    dueDate: addDays(TODAY, -10),
    status: 'COMPLETED',
  });
});
afterAll(() => t.close());

const home = async (headers = shop.headers, id = shop.merchant.id) =>
  api('GET', `/reports/${id}/home`, headers);

describe('GET /reports/{id}/home', () => {
  it("counts the merchant's orders to process, on hold, to deliver today and new since yesterday", async () => {
    const response = await home();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as MerchantHome;
    expect(body).toMatchObject({
      as_of: TODAY,
      time_zone: 'Australia/Sydney',
      processing_count: 2,
      on_hold_count: 1,
      delivering_today_count: 3,
      // Since 00:00 on 30 March in Sydney: the 23:30 order of yesterday, today's and the cancelled one.
      new_since_yesterday_count: 3,
      overdue_cents: 8_800,
      overdue_count: 1,
    });
  });

  it('adds up 30 days of sales by the Sydney day placed, to the cent, before and after compaction', async () => {
    const expected = new Map<string, number>();
    for (const order of counted) expected.set(order.day, (expected.get(order.day) ?? 0) + order.totalCents);
    for (const step of ['pending changes', 'compacted']) {
      if (step === 'compacted') expect(await compactSalesRollups(t.database.db)).toBeGreaterThan(0);
      const { sales } = (await home()).json() as MerchantHome;
      expect(sales.from).toBe('2026-03-02');
      expect(sales.to).toBe(TODAY);
      expect(sales.by_day).toHaveLength(HOME_SALES_DAYS);
      expect(sales.by_day[0]!.date).toBe('2026-03-02');
      expect(sales.by_day.at(-1)!.date).toBe(TODAY);
      const nonZero = Object.fromEntries(
        sales.by_day.filter((day) => day.total_cents !== 0).map((day) => [day.date, day.total_cents]),
      );
      expect(nonZero, step).toEqual(Object.fromEntries(expected));
      expect(sales.total_cents).toBe(counted.reduce((sum, order) => sum + order.totalCents, 0));
      expect(sales.order_count).toBe(counted.length);
    }
  });

  it('moves a cancelled order out of the sales it was in', async () => {
    const before = ((await home()).json() as MerchantHome).sales;
    const order = await createPricedTestOrder(t.database.db, {
      merchantId: shop.merchant.id,
      customerAccountId: shop.cafe.id,
      lines: [{ quantity: 2, unitPriceCents: 1_000 }],
      dueDate: addDays(TODAY, 30),
      placedAt: new Date('2026-03-31T00:00:00Z'),
    });
    const placed = ((await home()).json() as MerchantHome).sales;
    expect(placed.total_cents - before.total_cents).toBe(order.totalCents);
    await t.database.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, order.id));
    const cancelled = ((await home()).json() as MerchantHome).sales;
    expect(cancelled).toEqual(before);
  });

  it('is the merchant’s: another merchant’s id is 404, a customer organisation’s own id 403', async () => {
    const other = await merchantWithCustomers('Other Wholesale');
    expect((await home(other.headers, shop.merchant.id)).statusCode).toBe(404);
    const customer = await home(shop.cafePerson.headers, shop.cafe.organisation_id);
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ error_code: 'FORBIDDEN' });
  });
});
