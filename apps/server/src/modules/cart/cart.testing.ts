import { randomUUID } from 'node:crypto';
import { type Cart, IDEMPOTENCY_KEY_HEADER, type Order } from '@tradeport/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import {
  customerAccounts,
  orders,
  pricingTiers,
  shippingMethods,
  tierPrices,
  visibilityGroupProducts,
  visibilityGroups,
} from '../../platform/db/schema/index.ts';
import { createTestProduct, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';

/** Helpers for the cart and placing tests: a merchant with customers, products and a delivery method. */

type MethodOverrides = Partial<typeof shippingMethods.$inferInsert>;

/** A delivery method straight into the database (every day, next day, $10), offered to all. */
export async function createTestShippingMethod(db: Db, options: { merchantId: string } & MethodOverrides) {
  const [method] = await db
    .insert(shippingMethods)
    .values({ name: `Delivery ${randomUUID().slice(0, 8)}`, feeCents: 1_000, leadDays: 1, ...options })
    .returning();
  return method!;
}

/** Puts the account in a new tier that prices `productId` at `priceCents`. */
export async function giveTierPrice(
  db: Db,
  options: { merchantId: string; customerAccountId: string; productId: string; priceCents: number },
) {
  const [tier] = await db
    .insert(pricingTiers)
    .values({ merchantId: options.merchantId, name: `Tier ${randomUUID().slice(0, 8)}` })
    .returning();
  await db.insert(tierPrices).values({
    merchantId: options.merchantId,
    tierId: tier!.id,
    productId: options.productId,
    priceCents: options.priceCents,
  });
  await db
    .update(customerAccounts)
    .set({ pricingTierId: tier!.id })
    .where(eq(customerAccounts.id, options.customerAccountId));
}

/** Hides a product from every customer: a visibility group of its own with nobody in it. */
export async function hideProduct(db: Db, options: { merchantId: string; productId: string }) {
  const [group] = await db
    .insert(visibilityGroups)
    .values({ merchantId: options.merchantId, name: `Hidden ${randomUUID().slice(0, 8)}` })
    .returning();
  await db
    .insert(visibilityGroupProducts)
    .values({ merchantId: options.merchantId, groupId: group!.id, productId: options.productId });
}

export const cartUrl = (merchantId: string, customerOrganisationId: string) =>
  `/orders/cart/organisation/${merchantId}?customer_organisation_id=${customerOrganisationId}`;

export const lineUrl = (productId: string, merchantId: string, customerOrganisationId: string) =>
  `/orders/cart/product/${productId}?merchant_id=${merchantId}&customer_organisation_id=${customerOrganisationId}`;

export const reorderUrl = (orderId: string) => `/orders/${orderId}/reorder`;

export const newKey = () => randomUUID();

/** `t` is read lazily: test files open their app in beforeAll. */
export function cartTestKit(app: () => TestApp) {
  const customers = customerTestKit(app);
  const { api } = customers;

  async function ok<T>(call: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
    const response = await call;
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  }

  /** A customer organisation with an account at the merchant, and a signed-in member of it. */
  async function customerOf(merchant: { id: string; base: string; headers: Headers }, title: string) {
    const account = await customers.addCustomer(merchant.base, merchant.headers, {
      title,
      abn: '51824753556',
      address_line1: '1 George St',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
    });
    const person = await customers.memberOf(account.organisation_id, 'User');
    return { account, person, headers: person.headers, organisationId: account.organisation_id };
  }

  /** A merchant, two customers, two products and a delivery method offered to all. */
  async function shop() {
    const db = app().database.db;
    const { merchant, admin, base } = await customers.newMerchant();
    const merchantId = merchant.id;
    const owner = { id: merchantId, base, headers: admin.headers };
    const alpha = await customerOf(owner, 'Alpha Café');
    const bravo = await customerOf(owner, 'Bravo Bistro');
    const coffee = await createTestProduct(db, { merchantId, name: 'Coffee beans', basePriceCents: 2_000 });
    const cups = await createTestProduct(db, {
      merchantId,
      name: 'Cups',
      basePriceCents: 15,
      minOrderQuantity: 100,
      packSize: 50,
    });
    const method = await createTestShippingMethod(db, { merchantId, name: 'Van' });
    return { merchantId, admin, alpha, bravo, coffee, cups, method };
  }

  type Side = { headers: Headers; organisationId: string };

  const getCart = (merchantId: string, side: Side, headers = side.headers) =>
    ok<Cart>(api('GET', cartUrl(merchantId, side.organisationId), headers));

  const setLine = (
    merchantId: string,
    side: Side,
    productId: string,
    quantity: number,
    headers = side.headers,
  ) => ok<Cart>(api('PUT', lineUrl(productId, merchantId, side.organisationId), headers, { quantity }));

  async function chooseMethod(
    merchantId: string,
    side: Side,
    methodId: string | null,
    headers = side.headers,
  ) {
    const cart = await getCart(merchantId, side, headers);
    return ok<Cart>(
      api('PUT', cartUrl(merchantId, side.organisationId), headers, {
        version: cart.version,
        shipping_method_id: methodId,
        requested_delivery_date: null,
        notes: null,
        purchase_order_number: null,
      }),
    );
  }

  const place = (
    merchantId: string,
    side: Side,
    options: { key?: string; body?: object; headers?: Headers } = {},
  ) =>
    api(
      'POST',
      cartUrl(merchantId, side.organisationId),
      {
        ...(options.headers ?? side.headers),
        ...(options.key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: options.key }),
      },
      options.body ?? {},
    );

  /** Fills the side's cart with `productId` × `quantity`, chooses `methodId` and places it. */
  async function placeOrderOf(options: {
    merchantId: string;
    side: Side;
    productId: string;
    quantity?: number;
    methodId: string;
    headers?: Headers;
  }) {
    const headers = options.headers ?? options.side.headers;
    await setLine(options.merchantId, options.side, options.productId, options.quantity ?? 1, headers);
    await chooseMethod(options.merchantId, options.side, options.methodId, headers);
    return ok<Order>(place(options.merchantId, options.side, { key: newKey(), headers }), 201);
  }

  const countOrders = async (merchantId: string) =>
    (await app().database.db.select({ id: orders.id }).from(orders).where(eq(orders.merchantId, merchantId)))
      .length;

  /** The `order.placed` jobs queued for an order. */
  async function placedJobs(orderId: string) {
    const result = (await app().database.db.execute(
      sql`select data from pgboss.job where name = 'order.placed' and data->>'order_id' = ${orderId}`,
    )) as unknown as { rows: { data: unknown }[] };
    return result.rows.map((row) => row.data);
  }

  return {
    ...customers,
    ok,
    shop,
    customerOf,
    getCart,
    setLine,
    chooseMethod,
    place,
    placeOrderOf,
    countOrders,
    placedJobs,
  };
}
