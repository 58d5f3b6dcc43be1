import type { Cart } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingMethods } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { cartTestKit, cartUrl, createTestShippingMethod, lineUrl } from './cart.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, ok, shop, getCart, setLine, chooseMethod, memberOf, newMerchant } = cartTestKit(() => t);
const codes = (cart: Cart) => cart.problems.map((problem) => problem.code);
const details = (version: number, overrides: object = {}) => ({
  version,
  shipping_method_id: null,
  requested_delivery_date: null,
  notes: null,
  purchase_order_number: null,
  ...overrides,
});

describe('GET /orders/cart/organisation/{id}', () => {
  it('answers an empty cart, made on first read, with the delivery options and why it cannot be placed', async () => {
    const { merchantId, alpha, method } = await shop();
    const cart = await getCart(merchantId, alpha);
    expect(cart).toMatchObject({
      merchant_id: merchantId,
      customer_organisation_id: alpha.organisationId,
      customer_name: 'Alpha Café',
      is_merchant_entry: false,
      lines: [],
      shipping_method_id: null,
      requested_delivery_date: null,
      gst_rounding: 'PER_LINE',
      delivery_gst_rate_basis_points: 1_000,
      totals: {
        subtotal_cents: 0,
        delivery_fee_cents: 0,
        delivery_gst_cents: 0,
        gst_cents: 0,
        total_cents: 0,
      },
    });
    expect(cart.delivery_options).toEqual([
      {
        id: method.id,
        name: 'Van',
        kind: 'DELIVERY',
        fee_cents: 1_000,
        minimum_order_cents: null,
        dates: expect.any(Array),
        problem: null,
      },
    ]);
    expect(cart.delivery_options[0]!.dates).toHaveLength(14);
    expect(codes(cart)).toEqual(['CART_EMPTY', 'NO_DELIVERY_METHOD']);
    expect((await getCart(merchantId, alpha)).version).toBe(cart.version);
  });

  it('says when no delivery method is offered at all', async () => {
    const { merchant, admin, base } = await newMerchant();
    const customer = await cartTestKit(() => t).customerOf(
      { id: merchant.id, base, headers: admin.headers },
      'Solo',
    );
    expect(codes(await getCart(merchant.id, customer))).toEqual([
      'CART_EMPTY',
      'NO_DELIVERY_METHODS_OFFERED',
    ]);
  });

  it('gives a merchant member the merchant’s order-entry cart for the customer, apart from the customer’s own', async () => {
    const { merchantId, admin, alpha, coffee } = await shop();
    await setLine(merchantId, alpha, coffee.id, 2);
    const user = await memberOf(merchantId, 'User');
    for (const headers of [admin.headers, user.headers]) {
      const entry = await getCart(merchantId, alpha, headers);
      expect(entry).toMatchObject({ is_merchant_entry: true, lines: [], customer_name: 'Alpha Café' });
    }
    await setLine(merchantId, alpha, coffee.id, 5, user.headers);
    // Shared by the merchant's members; the customer's cart is untouched.
    expect((await getCart(merchantId, alpha, admin.headers)).lines[0]!.quantity).toBe(5);
    expect((await getCart(merchantId, alpha)).lines[0]!.quantity).toBe(2);
  });

  it('is the house customer’s own cart in customer view, the entry cart otherwise', async () => {
    const { merchantId, admin, alpha, coffee } = await shop();
    const house = await ok<{ organisation_id: string }>(
      api('GET', `/organisations/${merchantId}/customers/house-accounts`, admin.headers),
    );
    const asView = (organisationId: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1${lineUrl(coffee.id, merchantId, organisationId)}`,
        headers: admin.headers,
        cookies: { tp_customer_view: house.organisation_id },
        payload: { quantity: 2 },
      });
    const viewed = await asView(house.organisation_id);
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json()).toMatchObject({ is_merchant_entry: false, lines: [{ quantity: 2 }] });
    const side = { headers: admin.headers, organisationId: house.organisation_id };
    expect(await getCart(merchantId, side)).toMatchObject({ is_merchant_entry: true, lines: [] });
    // The cookie counts only for the house customer it names: another customer stays the entry cart.
    expect((await asView(alpha.organisationId)).json()).toMatchObject({ is_merchant_entry: true });
    expect((await getCart(merchantId, alpha)).lines).toEqual([]);
  });

  it('works for the merchant’s house customer (walk-in sales)', async () => {
    const { merchantId, admin, coffee } = await shop();
    const house = await ok<{ organisation_id: string }>(
      api('GET', `/organisations/${merchantId}/customers/house-accounts`, admin.headers),
    );
    const side = { headers: admin.headers, organisationId: house.organisation_id };
    const cart = await setLine(merchantId, side, coffee.id, 1);
    expect(cart).toMatchObject({ is_merchant_entry: true, lines: [{ product_id: coffee.id, quantity: 1 }] });
  });
});

describe('PUT /orders/cart/organisation/{id}', () => {
  it('sets the details with the version, and answers a stale version with 409', async () => {
    const { merchantId, alpha, method } = await shop();
    const before = await getCart(merchantId, alpha);
    const date = before.delivery_options[0]!.dates[2]!;
    const url = cartUrl(merchantId, alpha.organisationId);
    const cart = await ok<Cart>(
      api(
        'PUT',
        url,
        alpha.headers,
        details(before.version, {
          shipping_method_id: method.id,
          requested_delivery_date: date,
          notes: '  Leave at the back door ',
          purchase_order_number: 'PO-77',
        }),
      ),
    );
    expect(cart).toMatchObject({
      version: before.version + 1,
      shipping_method_id: method.id,
      requested_delivery_date: date,
      notes: 'Leave at the back door',
      purchase_order_number: 'PO-77',
    });
    const stale = await api('PUT', url, alpha.headers, details(before.version, { notes: 'Lost' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    expect((await getCart(merchantId, alpha)).notes).toBe('Leave at the back door');
  });

  it('refuses bad input (400) and a method not offered to the customer (404)', async () => {
    const { merchantId, alpha } = await shop();
    const db = t.database.db;
    const url = cartUrl(merchantId, alpha.organisationId);
    const { version } = await getCart(merchantId, alpha);
    for (const body of [
      details(version, { requested_delivery_date: '31/12/2026' }),
      details(version, { notes: 'x'.repeat(1_001) }),
      details(version, { shipping_method_id: 'not-an-id' }),
      { notes: null },
    ]) {
      expect((await api('PUT', url, alpha.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const assignedElsewhere = await createTestShippingMethod(db, { merchantId, isAvailableToAll: false });
    const inactive = await createTestShippingMethod(db, { merchantId, isActive: false });
    const other = await shop();
    for (const id of [assignedElsewhere.id, inactive.id, other.method.id]) {
      const response = await api('PUT', url, alpha.headers, details(version, { shipping_method_id: id }));
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await getCart(merchantId, alpha)).version).toBe(version);
  });

  it('explains a method’s minimum and a date it does not deliver on', async () => {
    const { merchantId, alpha, coffee } = await shop();
    const db = t.database.db;
    const truck = await createTestShippingMethod(db, { merchantId, name: 'Truck', minimumOrderCents: 5_000 });
    await setLine(merchantId, alpha, coffee.id, 1);
    const before = await chooseMethod(merchantId, alpha, truck.id);
    expect(codes(before)).toEqual(['BELOW_METHOD_MINIMUM']);
    expect(before.problems[0]!.message).toMatch(/Truck.*\$50\.00/);
    const cart = await ok<Cart>(
      api(
        'PUT',
        cartUrl(merchantId, alpha.organisationId),
        alpha.headers,
        details(before.version, {
          shipping_method_id: truck.id,
          requested_delivery_date: '2020-01-01',
        }),
      ),
    );
    expect(codes(cart)).toEqual(['BELOW_METHOD_MINIMUM', 'DELIVERY_DATE_NOT_AVAILABLE']);
    expect(codes(await setLine(merchantId, alpha, coffee.id, 3))).toEqual(['DELIVERY_DATE_NOT_AVAILABLE']);
    // A method the merchant stops offering after it was chosen.
    await db.update(shippingMethods).set({ isActive: false }).where(eq(shippingMethods.id, truck.id));
    expect(codes(await getCart(merchantId, alpha))).toEqual(['DELIVERY_METHOD_NOT_OFFERED']);
  });
});

describe('DELETE /orders/cart/organisation/{id}', () => {
  it('empties the cart', async () => {
    const { merchantId, alpha, coffee, method } = await shop();
    await setLine(merchantId, alpha, coffee.id, 2);
    const full = await chooseMethod(merchantId, alpha, method.id);
    const cart = await ok<Cart>(api('DELETE', cartUrl(merchantId, alpha.organisationId), alpha.headers));
    expect(cart).toMatchObject({ lines: [], shipping_method_id: null, version: full.version + 1 });
  });
});

describe('another merchant’s or customer’s cart', () => {
  it('is 404 to a customer, and nothing changes', async () => {
    const { merchantId, alpha, bravo, coffee } = await shop();
    await setLine(merchantId, bravo, coffee.id, 1);
    const other = await shop();
    const before = await fingerprint(t);
    const calls = [
      ['GET', cartUrl(merchantId, bravo.organisationId), undefined],
      ['PUT', cartUrl(merchantId, bravo.organisationId), details(1)],
      ['DELETE', cartUrl(merchantId, bravo.organisationId), undefined],
      ['PUT', lineUrl(coffee.id, merchantId, bravo.organisationId), { quantity: 1 }],
      ['DELETE', lineUrl(coffee.id, merchantId, bravo.organisationId), undefined],
      ['POST', cartUrl(merchantId, bravo.organisationId), {}],
      // Alpha has no account with the other merchant.
      ['GET', cartUrl(other.merchantId, alpha.organisationId), undefined],
      ['PUT', lineUrl(other.coffee.id, other.merchantId, alpha.organisationId), { quantity: 1 }],
      ['POST', cartUrl(other.merchantId, alpha.organisationId), {}],
    ] as const;
    for (const [method, url, body] of calls) {
      const response = await api(method === 'POST' ? 'POST' : method, url, alpha.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // The other merchant's members are strangers too.
    const response = await api('GET', cartUrl(merchantId, alpha.organisationId), other.admin.headers);
    expect(response.statusCode).toBe(404);
    expect(await fingerprint(t)).toEqual(before);
  });
});
