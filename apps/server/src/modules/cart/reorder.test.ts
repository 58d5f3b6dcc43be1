import type { Order, ReorderResult } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../platform/db/schema/index.ts';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { cartTestKit, hideProduct, reorderUrl } from './cart.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, ok, shop, getCart, setLine, placeOrderOf, chooseMethod, place, memberOf } = cartTestKit(() => t);

/** Alpha's past order of coffee × 2, cups × 100 and tea × 1. */
async function pastOrder() {
  const world = await shop();
  const { merchantId, alpha, coffee, cups, method } = world;
  const tea = await createTestProduct(t.database.db, { merchantId, name: 'Tea', sku: 'TEA-1' });
  await setLine(merchantId, alpha, coffee.id, 2);
  await setLine(merchantId, alpha, cups.id, 100);
  await setLine(merchantId, alpha, tea.id, 1);
  await chooseMethod(merchantId, alpha, method.id);
  const order = await ok<Order>(place(merchantId, alpha, { key: crypto.randomUUID() }), 201);
  return { ...world, tea, order };
}

describe('POST /orders/{id}/reorder', () => {
  it('puts what can still be ordered in the cart at today’s prices and names what could not', async () => {
    const { merchantId, alpha, coffee, cups, tea, order } = await pastOrder();
    const db = t.database.db;
    await db.update(products).set({ basePriceCents: 2_200 }).where(eq(products.id, coffee.id));
    await db.update(products).set({ minOrderQuantity: 150, packSize: 75 }).where(eq(products.id, cups.id));
    await hideProduct(db, { merchantId, productId: tea.id });
    // Already in the cart: the order's quantity is added to it.
    await setLine(merchantId, alpha, coffee.id, 1);

    const result = await ok<ReorderResult>(api('POST', reorderUrl(order.id), alpha.headers));
    expect(result.cart.is_merchant_entry).toBe(false);
    expect(result.cart.lines.map((line) => [line.product_id, line.quantity, line.unit_price_cents])).toEqual([
      [coffee.id, 3, 2_200],
      [cups.id, 150, 15],
    ]);
    expect(result.cart.lines.every((line) => line.problem === null)).toBe(true);
    expect(result.skipped).toEqual([{ name: 'Tea', sku: 'TEA-1', reason: 'No longer available.' }]);
    expect(await getCart(merchantId, alpha)).toEqual(result.cart);
  });

  it('fills a merchant member’s order-entry cart for that customer', async () => {
    const { merchantId, alpha, coffee, order } = await pastOrder();
    const user = await memberOf(merchantId, 'User');
    const result = await ok<ReorderResult>(api('POST', reorderUrl(order.id), user.headers));
    expect(result.cart).toMatchObject({
      is_merchant_entry: true,
      customer_organisation_id: alpha.organisationId,
    });
    expect(result.cart.lines.map((line) => line.product_id)).toContain(coffee.id);
    expect((await getCart(merchantId, alpha)).lines).toEqual([]);
  });

  it('answers 404 to anyone but the order’s customer and merchant, and to a malformed id 400', async () => {
    const { bravo, order, coffee, merchantId, method } = await pastOrder();
    const other = await shop();
    // Bravo has its own order with the same merchant: that gives it nothing of Alpha's.
    await placeOrderOf({ merchantId, side: bravo, productId: coffee.id, methodId: method.id });
    const before = await fingerprint(t);
    for (const headers of [bravo.headers, other.admin.headers, other.alpha.headers]) {
      const response = await api('POST', reorderUrl(order.id), headers);
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await api('POST', reorderUrl(crypto.randomUUID()), bravo.headers)).statusCode).toBe(404);
    expect(await fingerprint(t)).toEqual(before);
    expect((await api('POST', reorderUrl('not-an-id'), bravo.headers)).statusCode).toBe(400);
    expect((await api('POST', reorderUrl(order.id))).statusCode).toBe(401);
  });
});
