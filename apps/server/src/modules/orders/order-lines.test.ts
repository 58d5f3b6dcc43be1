import type { Order } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, taxRuleProducts, taxRules } from '../../platform/db/schema/index.ts';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { orderTestKit } from './orders-test-kit.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { shop, getOrder, send, tier, list } = orderTestKit(() => t);
type Headers = Record<string, string>;

const putLine = (id: string, pid: string, headers: Headers, body: object) =>
  send('PUT', `/orders/${id}/product/${pid}`, headers, body);
const removeLine = (id: string, pid: string, headers: Headers, version: number) =>
  send('DELETE', `/orders/${id}/product/${pid}?version=${version}`, headers);

/** Lines and totals reconcile: each line is quantity × price, and the order adds them up. */
function expectReconciled(order: Order) {
  for (const line of order.lines) expect(line.subtotal_cents).toBe(line.quantity * line.unit_price_cents);
  expect(order.subtotal_cents).toBe(order.lines.reduce((sum, line) => sum + line.subtotal_cents, 0));
  expect(order.total_cents).toBe(order.subtotal_cents + order.delivery_fee_cents + order.gst_cents);
}

describe('PUT /orders/{id}/product/{pid}', () => {
  it('adds a product at the customer’s tier price and its tax rule’s rate, and reprices the order', async () => {
    const s = await shop();
    await tier({
      merchantId: s.merchant.id,
      accountId: s.customer.id,
      prices: { [s.products.beans.id]: 2_999 },
    });
    const [rule] = await t.database.db
      .insert(taxRules)
      .values({ merchantId: s.merchant.id, name: 'Reduced', rateBasisPoints: 500 })
      .returning();
    await t.database.db
      .insert(taxRuleProducts)
      .values({ merchantId: s.merchant.id, taxRuleId: rule!.id, productId: s.products.beans.id });
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 2 }]);
    const response = await putLine(placed.id, s.products.beans.id, s.admin.headers, {
      version: 1,
      quantity: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json() as Order;
    expect(order.lines.map((l) => [l.sku, l.quantity, l.unit_price_cents, l.gst_rate_basis_points])).toEqual([
      ['MLK-2', 2, 455, 1_000],
      ['BEAN-1', 3, 2_999, 500],
    ]);
    // 9.10 + 89.97; GST 0.91 + 4.50 (4.4985 half-up).
    expect(order).toMatchObject({ subtotal_cents: 9_907, gst_cents: 541, total_cents: 10_448, version: 2 });
    expectReconciled(order);
    expect(order.history.at(-1)).toMatchObject({
      kind: 'LINE_ADDED',
      user_name: 'Ada Admin',
      details: {
        sku: 'BEAN-1',
        quantity: 3,
        unit_price_cents: 2_999,
        total_cents: { from: 1_001, to: 10_448 },
      },
    });
  });

  it('changes a quantity at the line’s snapshot price, whatever the catalogue says today', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    await t.database.db
      .update(products)
      .set({ basePriceCents: 999, name: 'Renamed' })
      .where(eq(products.id, s.products.milk.id));
    const order = (
      await putLine(placed.id, s.products.milk.id, s.admin.headers, { version: 1, quantity: 4 })
    ).json() as Order;
    expect(order.lines).toEqual([
      expect.objectContaining({ name: 'Full Cream Milk 2L', quantity: 4, unit_price_cents: 455 }),
    ]);
    expect(order.total_cents).toBe(2_002);
    expect(order.history.at(-1)).toMatchObject({
      kind: 'LINE_CHANGED',
      details: { quantity: { from: 1, to: 4 } },
    });
  });

  it('refuses another merchant’s or an archived product (404), bad quantities (400), stale versions (409)', async () => {
    const s = await shop();
    const elsewhere = await shop('Other Wholesale');
    const archived = await createTestProduct(t.database.db, {
      merchantId: s.merchant.id,
      archivedAt: new Date(),
    });
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const before = await fingerprint(t);
    expect(
      (await putLine(placed.id, elsewhere.products.milk.id, s.admin.headers, { version: 1, quantity: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await putLine(placed.id, archived.id, s.admin.headers, { version: 1, quantity: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await putLine(placed.id, s.products.beans.id, s.admin.headers, { version: 1, quantity: 0 }))
        .statusCode,
    ).toBe(400);
    expect((await putLine(placed.id, s.products.beans.id, s.admin.headers, { quantity: 1 })).statusCode).toBe(
      400,
    );
    const stale = await putLine(placed.id, s.products.beans.id, s.admin.headers, { version: 7, quantity: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    expect(
      (await putLine(placed.id, s.products.beans.id, s.customerPerson.headers, { version: 1, quantity: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await putLine(placed.id, s.products.beans.id, elsewhere.admin.headers, { version: 1, quantity: 1 }))
        .statusCode,
    ).toBe(404);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('changes lines only while the order is processing or on hold', async () => {
    const s = await shop();
    const held = await s.order([{ productId: s.products.milk.id, quantity: 1 }], { status: 'ON_HOLD' });
    expect(
      (await putLine(held.id, s.products.beans.id, s.admin.headers, { version: 1, quantity: 1 })).statusCode,
    ).toBe(200);
    const shipped = await s.order([{ productId: s.products.milk.id, quantity: 1 }], { status: 'SHIPPED' });
    const refused = await putLine(shipped.id, s.products.beans.id, s.admin.headers, {
      version: 1,
      quantity: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      request_id: expect.any(String),
      error_code: 'ORDER_NOT_EDITABLE',
      message: 'Lines cannot change on a shipped order.',
    });
    const removed = await removeLine(shipped.id, s.products.milk.id, s.admin.headers, 1);
    expect(removed.json().error_code).toBe('ORDER_NOT_EDITABLE');
  });
});

describe('DELETE /orders/{id}/product/{pid}', () => {
  it('takes a line off and reprices, but not the last line', async () => {
    const s = await shop();
    const placed = await s.order([
      { productId: s.products.milk.id, quantity: 1 },
      { productId: s.products.bread.id, quantity: 2 },
    ]);
    const response = await removeLine(placed.id, s.products.milk.id, s.admin.headers, 1);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json() as Order;
    expect(order.lines.map((l) => l.sku)).toEqual(['BRD-7']);
    expect(order).toMatchObject({ subtotal_cents: 1_300, gst_cents: 0, total_cents: 1_300, line_count: 1 });
    expect(order.history.at(-1)).toMatchObject({
      kind: 'LINE_REMOVED',
      details: { sku: 'MLK-2', quantity: 1 },
    });
    const last = await removeLine(placed.id, s.products.bread.id, s.admin.headers, 2);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/cancel the order instead/);
    expect((await removeLine(placed.id, s.products.beans.id, s.admin.headers, 2)).statusCode).toBe(404);
    expect(
      (await send('DELETE', `/orders/${placed.id}/product/${s.products.bread.id}`, s.admin.headers))
        .statusCode,
    ).toBe(400);
    expect((await getOrder(placed.id, s.admin.headers)).lines).toHaveLength(1);
  });
});

describe('order search after line edits', () => {
  it('finds an order by the lines it has now, not the ones it was placed with', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const found = async (q: string) =>
      (await list(s.merchant.id, s.admin.headers, { q }, '/search')).items.map((o) => o.id);
    expect(await found('bean-1')).toEqual([]);
    expect(
      (await putLine(placed.id, s.products.beans.id, s.admin.headers, { version: 1, quantity: 1 }))
        .statusCode,
    ).toBe(200);
    expect(await found('bean-1')).toEqual([placed.id]);
    expect((await removeLine(placed.id, s.products.milk.id, s.admin.headers, 2)).statusCode).toBe(200);
    expect(await found('mlk-2')).toEqual([]);
    expect(await found('bean-1')).toEqual([placed.id]);
  });
});

describe('PUT /orders/{id}/delivery-fee', () => {
  it('overrides the fee ex GST, taxed like the order, while the order is open', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.bread.id, quantity: 1 }], {
      deliveryFeeCents: 1_000,
    });
    const response = await send('PUT', `/orders/${placed.id}/delivery-fee`, s.admin.headers, {
      version: 1,
      delivery_fee_cents: 1_500,
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json() as Order;
    expect(order).toMatchObject({
      delivery_fee_cents: 1_500,
      gst_cents: 150,
      total_cents: 650 + 1_500 + 150,
    });
    expectReconciled(order);
    expect(order.history.at(-1)).toMatchObject({
      kind: 'DELIVERY_FEE_CHANGED',
      details: { from: 1_000, to: 1_500 },
    });
    const negative = await send('PUT', `/orders/${placed.id}/delivery-fee`, s.admin.headers, {
      version: 2,
      delivery_fee_cents: -1,
    });
    expect(negative.statusCode).toBe(400);
    const cancelled = await s.order([{ productId: s.products.bread.id, quantity: 1 }], {
      status: 'CANCELLED',
    });
    const refused = await send('PUT', `/orders/${cancelled.id}/delivery-fee`, s.admin.headers, {
      version: 1,
      delivery_fee_cents: 0,
    });
    expect(refused.json().error_code).toBe('ORDER_NOT_EDITABLE');
  });
});
