import { MIN_SEARCH_CHARS, ORDER_NUMBER_SEARCH, type OrderStatus } from '@tradeport/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../platform/db/schema/index.ts';
import { seedLarge } from '../../seed/large.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { listOrderRows } from './order-list.queries.ts';
import { toOrderSearch } from './order-search.queries.ts';

// A merchant's search, planned for each term (a walk of the newest orders or the trigram index),
// answers page after page exactly the orders a plain test of every order gives, whether a match is
// among the newest orders or far back.

const ORDER_COUNT = 1_500;

let t: TestApp;
let merchantId: string;
type Stored = { id: string; number: number; text: string; status: OrderStatus; placed: number };
let stored: Stored[];

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  ({ merchantId } = await seedLarge(db, {
    slug: 'order-search-test',
    products: 40,
    tiers: 1,
    tierPrices: 40,
    groups: 1,
    customers: 6,
    orders: ORDER_COUNT,
    now: new Date('2026-11-20T03:00:00.000Z'),
  }));
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.merchantId, merchantId))
    .orderBy(asc(orders.number));
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.merchantId, merchantId))
    .orderBy(asc(orderLines.position));
  stored = rows.map((order) => ({
    id: order.id,
    number: order.number,
    status: order.status,
    placed: order.placedAt.getTime(),
    text: [
      order.customerName,
      order.purchaseOrderNumber ?? '',
      ...lines.filter((line) => line.orderId === order.id).map((line) => `${line.name} ${line.sku}`),
    ]
      .join('\n')
      .toLowerCase(),
  }));
}, 120_000);
afterAll(() => t.close());

/** What the search must answer: every order tested, newest first. */
function expected(term: string, statuses?: OrderStatus[]) {
  const search = toOrderSearch(term, { numberPattern: ORDER_NUMBER_SEARCH, minChars: MIN_SEARCH_CHARS });
  // A number matches the order number, or a number in the text whole; other text, anywhere.
  const matches = (order: Stored) =>
    order.number === search.number ||
    (search.digits !== undefined && (order.text.match(/\d+/g) ?? ([] as string[])).includes(search.digits)) ||
    (search.pattern !== undefined && order.text.includes(term.toLowerCase()));
  return stored
    .filter((order) => !statuses || statuses.includes(order.status))
    .filter(matches)
    .sort((a, b) => b.placed - a.placed || (a.id < b.id ? 1 : -1))
    .map((order) => order.id);
}

/** Every page of the merchant's search, followed by cursor. */
async function searchAll(term: string, statuses?: OrderStatus[]) {
  const search = toOrderSearch(term, { numberPattern: ORDER_NUMBER_SEARCH, minChars: MIN_SEARCH_CHARS });
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await listOrderRows(t.database.db, {
      scope: { kind: 'MERCHANT', merchantId },
      filters: { statuses },
      search,
      limit: 50,
      cursor,
    });
    ids.push(...result.rows.map((row) => row.order.id));
    if (!result.nextCursor) return ids;
    cursor = result.nextCursor;
  }
  throw new Error('more than 100 pages');
}

describe('a merchant’s order search over 1,500 orders', () => {
  it('finds the oldest orders by number and by PO number', async () => {
    const oldest = stored.find((order) => order.number === 3)!;
    expect(await searchAll('3')).toEqual(expected('3'));
    expect(await searchAll(`#${ORDER_COUNT - 2}`)).toEqual(expected(`#${ORDER_COUNT - 2}`));
    expect(await searchAll('PO-100003')).toEqual([oldest.id]);
    // A PO number's digits alone find it too, whole; part of them is not a number it holds.
    expect(await searchAll('100003')).toEqual(expected('100003'));
    expect(await searchAll('100003')).toContain(oldest.id);
    expect(await searchAll('10000')).not.toContain(oldest.id);
  });

  it('pages through a common customer name and a product word exactly as testing every order does', async () => {
    const customerWord = stored[0]!.text.split(' ')[0]!;
    const all = await searchAll(customerWord);
    expect(all.length).toBeGreaterThan(100);
    expect(all).toEqual(expected(customerWord));
    const productWord = stored.at(-1)!.text.split('\n')[2]!.split(' ')[0]!;
    expect(await searchAll(productWord)).toEqual(expected(productWord));
  });

  it('answers nothing for a word nowhere, and keeps the filters in each way of matching', async () => {
    expect(await searchAll('nothing like it')).toEqual([]);
    const customerWord = stored.find((order) => order.status === 'CANCELLED')!.text.split(' ')[0]!;
    const cancelled = await searchAll(customerWord, ['CANCELLED']);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled).toEqual(expected(customerWord, ['CANCELLED']));
  });
});
