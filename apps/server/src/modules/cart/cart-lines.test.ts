import { type Cart, computeOrderTotals, MAX_CART_LINES } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLines,
  carts,
  customerAccounts,
  products,
  taxRuleProducts,
  taxRules,
} from '../../platform/db/schema/index.ts';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { cartTestKit, giveTierPrice, hideProduct, lineUrl } from './cart.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, ok, shop, getCart, setLine, chooseMethod } = cartTestKit(() => t);
const codes = (cart: Cart) => cart.problems.map((problem) => problem.code);

describe('PUT and DELETE /orders/cart/product/{id}', () => {
  it('adds, changes and removes lines, priced for the customer by computeOrderTotals', async () => {
    const { merchantId, alpha, bravo, coffee, cups, method } = await shop();
    await giveTierPrice(t.database.db, {
      merchantId,
      customerAccountId: alpha.account.id,
      productId: coffee.id,
      priceCents: 1_800,
    });
    await setLine(merchantId, alpha, coffee.id, 3);
    await setLine(merchantId, alpha, cups.id, 150);
    const cart = await chooseMethod(merchantId, alpha, method.id);
    expect(cart.lines).toEqual([
      expect.objectContaining({
        product_id: coffee.id,
        name: 'Coffee beans',
        quantity: 3,
        unit_price_cents: 1_800,
        base_price_cents: 2_000,
        is_tier_price: true,
        gst_rate_basis_points: 1_000,
        subtotal_cents: 5_400,
        gst_cents: 540,
        problem: null,
      }),
      expect.objectContaining({ product_id: cups.id, quantity: 150, subtotal_cents: 2_250, gst_cents: 225 }),
    ]);
    const expected = computeOrderTotals({
      lines: [
        { quantity: 3, unitPriceCents: 1_800, gstRateBasisPoints: 1_000 },
        { quantity: 150, unitPriceCents: 15, gstRateBasisPoints: 1_000 },
      ],
      deliveryFeeCents: 1_000,
      deliveryGstRateBasisPoints: 1_000,
      rounding: 'PER_LINE',
    });
    expect(cart.totals).toEqual({
      subtotal_cents: 7_650,
      delivery_fee_cents: 1_000,
      delivery_gst_cents: 100,
      gst_cents: 865,
      total_cents: 9_515,
    });
    expect(cart.totals.total_cents).toBe(expected.totalCents);
    expect(cart.problems).toEqual([]);

    const changed = await setLine(merchantId, alpha, coffee.id, 1);
    expect(changed.lines.map((line) => [line.product_id, line.quantity])).toEqual([
      [coffee.id, 1],
      [cups.id, 150],
    ]);
    const removed = await ok<Cart>(
      api('DELETE', lineUrl(coffee.id, merchantId, alpha.organisationId), alpha.headers),
    );
    expect(removed.lines.map((line) => line.product_id)).toEqual([cups.id]);
    // Bravo has its own cart, at base prices.
    const theirs = await setLine(merchantId, bravo, coffee.id, 1);
    expect(theirs.lines).toEqual([
      expect.objectContaining({ unit_price_cents: 2_000, is_tier_price: false }),
    ]);
  });

  it('takes each line’s GST rate from the merchant’s tax rules, and none for a tax-exempt customer', async () => {
    const { merchantId, alpha, coffee, method } = await shop();
    const db = t.database.db;
    const [rule] = await db
      .insert(taxRules)
      .values({ merchantId, name: 'Reduced', rateBasisPoints: 500 })
      .returning();
    await db.insert(taxRuleProducts).values({ merchantId, taxRuleId: rule!.id, productId: coffee.id });
    const free = await createTestProduct(db, { merchantId, basePriceCents: 1_000, isGstApplicable: false });
    await setLine(merchantId, alpha, coffee.id, 1);
    await setLine(merchantId, alpha, free.id, 1);
    const cart = await chooseMethod(merchantId, alpha, method.id);
    expect(cart.lines.map((line) => [line.gst_rate_basis_points, line.gst_cents])).toEqual([
      [500, 100],
      [0, 0],
    ]);
    expect(cart.totals).toMatchObject({ gst_cents: 200, total_cents: 4_200 });
    await db
      .update(customerAccounts)
      .set({ isTaxExempt: true })
      .where(eq(customerAccounts.id, alpha.account.id));
    const exempt = await getCart(merchantId, alpha);
    expect(exempt.delivery_gst_rate_basis_points).toBe(0);
    expect(exempt.totals).toMatchObject({ gst_cents: 0, total_cents: 4_000 });
  });

  it('refuses a quantity below the minimum, off the pack size, or out of range (400)', async () => {
    const { merchantId, alpha, cups } = await shop();
    for (const [quantity, message] of [
      [50, /minimum order of Cups is 100/],
      [120, /packs of 50/],
    ] as const) {
      const response = await api('PUT', lineUrl(cups.id, merchantId, alpha.organisationId), alpha.headers, {
        quantity,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        message: expect.stringMatching(message),
      });
      expect(response.json().details[0].path).toBe('body.quantity');
    }
    for (const body of [{ quantity: 0 }, { quantity: 1.5 }, { quantity: 100_001 }, {}]) {
      const response = await api(
        'PUT',
        lineUrl(cups.id, merchantId, alpha.organisationId),
        alpha.headers,
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await getCart(merchantId, alpha)).lines).toEqual([]);
  });

  it('answers 404 for a product the customer cannot see, or of another merchant', async () => {
    const { merchantId, alpha, coffee } = await shop();
    const db = t.database.db;
    const hidden = await createTestProduct(db, { merchantId });
    await hideProduct(db, { merchantId, productId: hidden.id });
    const archived = await createTestProduct(db, { merchantId, archivedAt: new Date() });
    const other = await shop();
    for (const url of [
      lineUrl(hidden.id, merchantId, alpha.organisationId),
      lineUrl(archived.id, merchantId, alpha.organisationId),
      lineUrl(other.coffee.id, merchantId, alpha.organisationId),
      lineUrl(coffee.id, other.merchantId, alpha.organisationId),
    ]) {
      const response = await api('PUT', url, alpha.headers, { quantity: 1 });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await getCart(merchantId, alpha)).lines).toEqual([]);
  });

  it('holds at most MAX_CART_LINES products', async () => {
    const { merchantId, alpha, coffee } = await shop();
    const db = t.database.db;
    await getCart(merchantId, alpha);
    const [cart] = await db.select().from(carts).where(eq(carts.customerAccountId, alpha.account.id));
    const made = await db
      .insert(products)
      .values(
        Array.from({ length: MAX_CART_LINES }, (_, i) => ({
          merchantId,
          name: `Bulk ${i}`,
          sku: `BULK-${i}`,
          basePriceCents: 100,
        })),
      )
      .returning({ id: products.id });
    await db
      .insert(cartLines)
      .values(made.map((product) => ({ merchantId, cartId: cart!.id, productId: product.id, quantity: 1 })));
    const response = await api('PUT', lineUrl(coffee.id, merchantId, alpha.organisationId), alpha.headers, {
      quantity: 1,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/at most 200/);
    // A line already in it can still change.
    expect((await setLine(merchantId, alpha, made[0]!.id, 4)).lines).toHaveLength(MAX_CART_LINES);
  });
});

describe('a product hidden or archived after it was put in the cart', () => {
  it('stays in the cart as NOT_AVAILABLE, out of the totals, and can be removed', async () => {
    const { merchantId, alpha, coffee, cups, method } = await shop();
    const db = t.database.db;
    await setLine(merchantId, alpha, coffee.id, 2);
    await setLine(merchantId, alpha, cups.id, 100);
    await chooseMethod(merchantId, alpha, method.id);
    await hideProduct(db, { merchantId, productId: coffee.id });
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, cups.id));
    const cart = await getCart(merchantId, alpha);
    expect(cart.lines).toEqual([
      expect.objectContaining({
        product_id: coffee.id,
        name: 'Coffee beans',
        problem: 'NOT_AVAILABLE',
        subtotal_cents: 0,
      }),
      expect.objectContaining({ product_id: cups.id, problem: 'NOT_AVAILABLE', subtotal_cents: 0 }),
    ]);
    expect(cart.totals).toMatchObject({ subtotal_cents: 0, gst_cents: 100, total_cents: 1_100 });
    expect(cart.problems).toEqual([
      expect.objectContaining({ code: 'PRODUCT_NOT_AVAILABLE', product_id: coffee.id }),
      expect.objectContaining({ code: 'PRODUCT_NOT_AVAILABLE', product_id: cups.id }),
    ]);
    const removed = await ok<Cart>(
      api('DELETE', lineUrl(cups.id, merchantId, alpha.organisationId), alpha.headers),
    );
    expect(removed.lines.map((line) => line.product_id)).toEqual([coffee.id]);
  });

  it('marks a line whose product’s minimum or pack size changed since', async () => {
    const { merchantId, alpha, coffee } = await shop();
    await setLine(merchantId, alpha, coffee.id, 3);
    const db = t.database.db;
    await db.update(products).set({ minOrderQuantity: 6 }).where(eq(products.id, coffee.id));
    expect((await getCart(merchantId, alpha)).lines[0]!.problem).toBe('BELOW_MINIMUM');
    await db.update(products).set({ minOrderQuantity: 1, packSize: 2 }).where(eq(products.id, coffee.id));
    const cart = await getCart(merchantId, alpha);
    expect(cart.lines[0]).toMatchObject({ problem: 'NOT_PACK_MULTIPLE', subtotal_cents: 6_000 });
    expect(codes(cart)).toContain('NOT_PACK_MULTIPLE');
  });
});
