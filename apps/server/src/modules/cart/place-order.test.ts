import { type Cart, dateInZone, type Order } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAccounts, orderLines, organisations, products } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { cartTestKit, newKey } from './cart.testing.ts';
import { dueDate } from './order-dates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const {
  api,
  ok,
  shop,
  getCart,
  setLine,
  chooseMethod,
  place,
  placeOrderOf,
  countOrders,
  placedJobs,
  memberOf,
} = cartTestKit(() => t);

/** A shop whose Alpha has coffee × 3 in its cart and the van chosen. */
async function readyCart() {
  const world = await shop();
  await setLine(world.merchantId, world.alpha, world.coffee.id, 3);
  const cart = await chooseMethod(world.merchantId, world.alpha, world.method.id);
  return { ...world, cart };
}

describe('POST /orders/cart/organisation/{id}', () => {
  it('places the cart as an order with a snapshot of everything the invoice prints, and empties the cart', async () => {
    const { merchantId, alpha, coffee, method, cart } = await readyCart();
    const db = t.database.db;
    await db
      .update(customerAccounts)
      .set({ paymentTermsDays: 30 })
      .where(eq(customerAccounts.id, alpha.account.id));
    const placedAt = new Date();
    const order = await ok<Order>(
      place(merchantId, alpha, { key: newKey(), body: { expected_total_cents: 7_700 } }),
      201,
    );
    expect(cart.totals.total_cents).toBe(7_700);
    expect(order).toMatchObject({
      number: 1,
      invoice_number: 1,
      status: 'PROCESSING',
      customer: { organisation_id: alpha.organisationId, name: 'Alpha Café' },
      customer_abn: '51824753556',
      delivery_address: '1 George St, Sydney NSW 2000',
      shipping_method_id: method.id,
      shipping_method_name: 'Van',
      shipping_method_kind: 'DELIVERY',
      // No date asked for: the method's earliest.
      delivery_date: cart.delivery_options[0]!.dates[0],
      is_placed_by_merchant: false,
      placed_by_name: 'Test Person',
      payment_terms_days: 30,
      due_date: dueDate({ placedAt, timeZone: 'Australia/Sydney', paymentTermsDays: 30 }),
      gst_rounding: 'PER_LINE',
      is_tax_exempt: false,
      subtotal_cents: 6_000,
      delivery_fee_cents: 1_000,
      gst_cents: 700,
      total_cents: 7_700,
      line_count: 1,
      lines: [
        {
          product_id: coffee.id,
          name: 'Coffee beans',
          sku: coffee.sku,
          unit_name: null,
          unit_abbreviation: null,
          quantity: 3,
          unit_price_cents: 2_000,
          gst_rate_basis_points: 1_000,
          subtotal_cents: 6_000,
          gst_cents: 600,
        },
      ],
      history: [
        {
          kind: 'PLACED',
          user_name: 'Test Person',
          details: expect.objectContaining({ total_cents: 7_700, is_placed_by_merchant: false }),
        },
      ],
      can_edit: false,
      allowed_statuses: [],
    });
    expect(await placedJobs(order.id)).toEqual([{ order_id: order.id }]);
    expect(await getCart(merchantId, alpha)).toMatchObject({ lines: [], shipping_method_id: null });
    // The lines are a snapshot: renaming and repricing the product later changes nothing.
    await db.update(products).set({ name: 'Renamed', basePriceCents: 1 }).where(eq(products.id, coffee.id));
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({ name: 'Coffee beans', unitPriceCents: 2_000 });
  });

  it('takes the requested date, notes and purchase-order number', async () => {
    const { merchantId, alpha, method, cart } = await readyCart();
    const date = cart.delivery_options[0]!.dates[3]!;
    await ok<Cart>(
      api(
        'PUT',
        `/orders/cart/organisation/${merchantId}?customer_organisation_id=${alpha.organisationId}`,
        alpha.headers,
        {
          version: cart.version,
          shipping_method_id: method.id,
          requested_delivery_date: date,
          notes: 'Back door',
          purchase_order_number: 'PO-9',
        },
      ),
    );
    const order = await ok<Order>(place(merchantId, alpha, { key: newKey() }), 201);
    expect(order).toMatchObject({ delivery_date: date, notes: 'Back door', purchase_order_number: 'PO-9' });
  });

  it('needs an Idempotency-Key header (400, nothing placed)', async () => {
    const { merchantId, alpha } = await readyCart();
    for (const key of [undefined, 'short', 'x'.repeat(201)]) {
      const response = await place(merchantId, alpha, { key });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/Idempotency-Key/),
      });
    }
    const invalidBody = await place(merchantId, alpha, {
      key: newKey(),
      body: { expected_total_cents: 'lots' },
    });
    expect(invalidBody.statusCode).toBe(400);
    expect(await countOrders(merchantId)).toBe(0);
  });

  it('answers the same key with the same order (200), even from another cart of the customer', async () => {
    const { merchantId, admin, alpha, coffee, method } = await readyCart();
    const key = newKey();
    const first = await ok<Order>(place(merchantId, alpha, { key }), 201);
    const again = await ok<Order>(place(merchantId, alpha, { key }), 200);
    // The first answer is made from placing's writes, the replay's read back: the same order.
    expect(again).toEqual(first);
    // The merchant's entry cart for Alpha, with something else in it: the key is the customer's.
    await placeOrderOf({
      merchantId,
      side: alpha,
      productId: coffee.id,
      methodId: method.id,
      headers: admin.headers,
    });
    await setLine(merchantId, alpha, coffee.id, 9, admin.headers);
    await chooseMethod(merchantId, alpha, method.id, admin.headers);
    const reused = await ok<Order>(place(merchantId, alpha, { key, headers: admin.headers }), 200);
    expect(reused).toMatchObject({ id: first.id, total_cents: first.total_cents });
    expect((await getCart(merchantId, alpha, admin.headers)).lines).toHaveLength(1);
    expect(await countOrders(merchantId)).toBe(2);
  });

  it('makes exactly one order of 10 concurrent submits with one key, and answers it to all', async () => {
    const { merchantId, alpha } = await readyCart();
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 10 }, () => place(merchantId, alpha, { key })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(responses.map((r) => (r.json() as Order).id));
    expect(ids.size).toBe(1);
    expect(await countOrders(merchantId)).toBe(1);
    expect(await placedJobs([...ids][0]!)).toHaveLength(1);
  });

  it('makes one order when the customer’s cart and the merchant’s entry cart are placed at once with one key', async () => {
    const { merchantId, admin, alpha, coffee, cups, method } = await readyCart();
    await setLine(merchantId, alpha, cups.id, 100, admin.headers);
    await setLine(merchantId, alpha, coffee.id, 1, admin.headers);
    await chooseMethod(merchantId, alpha, method.id, admin.headers);
    const key = newKey();
    const responses = await Promise.all([
      place(merchantId, alpha, { key }),
      place(merchantId, alpha, { key, headers: admin.headers }),
      place(merchantId, alpha, { key }),
      place(merchantId, alpha, { key, headers: admin.headers }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(responses.map((r) => (r.json() as Order).id)).size).toBe(1);
    expect(await countOrders(merchantId)).toBe(1);
    // The order's numbers were taken once: the next order is number 2.
    const next = await placeOrderOf({ merchantId, side: alpha, productId: coffee.id, methodId: method.id });
    expect(next.number).toBe(2);
  });

  it('numbers orders and invoices sequentially per merchant when two customers place at once', async () => {
    const { merchantId, alpha, bravo, coffee, method } = await shop();
    const other = await shop();
    await placeOrderOf({
      merchantId: other.merchantId,
      side: other.alpha,
      productId: other.coffee.id,
      methodId: other.method.id,
    });
    const placeEach = async (side: typeof alpha) => {
      const placed: Order[] = [];
      for (let i = 0; i < 4; i++) {
        placed.push(await placeOrderOf({ merchantId, side, productId: coffee.id, methodId: method.id }));
      }
      return placed;
    };
    const placed = (await Promise.all([placeEach(alpha), placeEach(bravo)])).flat();
    const sorted = (values: number[]) => values.sort((x, y) => x - y);
    expect(sorted(placed.map((order) => order.number))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sorted(placed.map((order) => order.invoice_number))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const next = await placeOrderOf({ merchantId, side: alpha, productId: coffee.id, methodId: method.id });
    expect([next.number, next.invoice_number]).toEqual([9, 9]);
  });

  it('answers 409 and places nothing when prices changed since the total the customer saw', async () => {
    const { merchantId, alpha, coffee, cart } = await readyCart();
    await t.database.db.update(products).set({ basePriceCents: 2_500 }).where(eq(products.id, coffee.id));
    const response = await place(merchantId, alpha, {
      key: newKey(),
      body: { expected_total_cents: cart.totals.total_cents },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      error_code: 'CONFLICT',
      message: expect.stringMatching(/Prices changed/),
    });
    expect(await countOrders(merchantId)).toBe(0);
    expect((await getCart(merchantId, alpha)).lines).toHaveLength(1);
    // Without an expected total it places at today's price.
    const order = await ok<Order>(place(merchantId, alpha, { key: newKey() }), 201);
    expect(order).toMatchObject({
      subtotal_cents: 7_500,
      lines: [expect.objectContaining({ unit_price_cents: 2_500 })],
    });
  });

  it('refuses a cart that breaks a rule with 422 CART_NOT_PLACEABLE naming each problem', async () => {
    const { merchantId, alpha, bravo, coffee, cups, method } = await shop();
    const db = t.database.db;
    const empty = await place(merchantId, alpha, { key: newKey() });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().details.map((d: { path: string }) => d.path)).toEqual([
      'CART_EMPTY',
      'NO_DELIVERY_METHOD',
    ]);

    await setLine(merchantId, bravo, cups.id, 100);
    await setLine(merchantId, bravo, coffee.id, 1);
    await db.update(products).set({ minOrderQuantity: 200 }).where(eq(products.id, cups.id));
    const response = await place(merchantId, bravo, { key: newKey() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error_code: 'CART_NOT_PLACEABLE',
      details: [
        { path: 'BELOW_MINIMUM', message: expect.stringMatching(/Cups/) },
        { path: 'NO_DELIVERY_METHOD', message: 'Choose a delivery method.' },
      ],
    });
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, coffee.id));
    await chooseMethod(merchantId, bravo, method.id);
    const stillNot = await place(merchantId, bravo, { key: newKey() });
    expect(stillNot.json().details.map((d: { path: string }) => d.path)).toEqual([
      'BELOW_MINIMUM',
      'PRODUCT_NOT_AVAILABLE',
    ]);
    expect(await countOrders(merchantId)).toBe(0);
  });

  it('records a merchant member’s order entry as placed by the merchant', async () => {
    const { merchantId, admin, alpha, coffee, method } = await shop();
    const order = await placeOrderOf({
      merchantId,
      side: alpha,
      productId: coffee.id,
      methodId: method.id,
      headers: admin.headers,
    });
    expect(order).toMatchObject({
      is_placed_by_merchant: true,
      placed_by_name: 'Ada Admin',
      customer: { organisation_id: alpha.organisationId },
      can_edit: true,
      allowed_statuses: ['SHIPPED', 'ON_HOLD', 'CANCELLED'],
    });
    expect(order.history[0]!.details).toMatchObject({ is_placed_by_merchant: true });
    // As the merchant reads it back: placing answers from its writes what orders/{id} shows.
    expect(await ok<Order>(api('GET', `/orders/${order.id}`, admin.headers))).toEqual(order);
  });

  it('records an order placed in customer view as placed by the merchant, from the house customer’s own cart', async () => {
    const { merchantId, admin, coffee, method } = await shop();
    const house = await ok<{ organisation_id: string }>(
      api('GET', `/organisations/${merchantId}/customers/house-accounts`, admin.headers),
    );
    const user = await memberOf(merchantId, 'User');
    const inView = { ...user.headers, cookie: `tp_customer_view=${house.organisation_id}` };
    const side = { headers: inView, organisationId: house.organisation_id };
    const order = await placeOrderOf({ merchantId, side, productId: coffee.id, methodId: method.id });
    expect(order).toMatchObject({
      is_placed_by_merchant: true,
      customer: { organisation_id: house.organisation_id },
    });
    expect(order.history[0]!.details).toMatchObject({ is_placed_by_merchant: true });
    // It was the house customer's own cart (customer view), now empty; the entry cart is untouched.
    expect(await getCart(merchantId, side)).toMatchObject({ is_merchant_entry: false, lines: [] });
    expect(await getCart(merchantId, { ...side, headers: user.headers })).toMatchObject({
      is_merchant_entry: true,
    });
  });

  it('uses the merchant’s rounding and zone and the customer’s exemption', async () => {
    const { merchantId, alpha, coffee, method } = await shop();
    const db = t.database.db;
    await db
      .update(organisations)
      .set({ gstRounding: 'PER_INVOICE', timeZone: 'Australia/Perth' })
      .where(eq(organisations.id, merchantId));
    await db
      .update(customerAccounts)
      .set({ isTaxExempt: true })
      .where(eq(customerAccounts.id, alpha.account.id));
    const order = await placeOrderOf({ merchantId, side: alpha, productId: coffee.id, methodId: method.id });
    expect(order).toMatchObject({
      gst_rounding: 'PER_INVOICE',
      is_tax_exempt: true,
      gst_cents: 0,
      total_cents: 3_000,
    });
    expect(order.history[0]!.details).toMatchObject({
      placed_on: dateInZone(new Date(order.placed_at), 'Australia/Perth'),
    });
  });
});
