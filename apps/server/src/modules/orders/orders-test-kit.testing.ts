import type { Order, OrderSummary } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customerAccounts, pricingTiers, tierPrices } from '../../platform/db/schema/index.ts';
import { createTestProduct, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';
import { createTestOrder, type TestOrderLine } from './orders.testing.ts';

/** A merchant with a customer (its people signed in) and products, for the orders API tests. */
export function orderTestKit(app: () => TestApp) {
  const kit = customerTestKit(app);
  const { api } = kit;
  const db = () => app().database.db;

  async function shop(title = 'Harbour Wholesale') {
    const { merchant, admin, base } = await kit.newMerchant(title);
    const customer = await kit.addCustomer(base, admin.headers, { title: 'Bean There Café' });
    const other = await kit.addCustomer(base, admin.headers, { title: 'Crumb & Co' });
    const customerPerson = await kit.memberOf(customer.organisation_id, 'User');
    const otherPerson = await kit.memberOf(other.organisation_id, 'User');
    const milk = await createTestProduct(db(), {
      merchantId: merchant.id,
      name: 'Full Cream Milk 2L',
      sku: 'MLK-2',
      basePriceCents: 455,
    });
    const beans = await createTestProduct(db(), {
      merchantId: merchant.id,
      name: 'Espresso Beans 1kg',
      sku: 'BEAN-1',
      basePriceCents: 3_299,
    });
    // GST-free (basic food): a line at 0 %.
    const bread = await createTestProduct(db(), {
      merchantId: merchant.id,
      name: 'Sourdough Loaf',
      sku: 'BRD-7',
      basePriceCents: 650,
      isGstApplicable: false,
    });
    // Placed a day ago unless said: before anything the app's clock (fixed when it opened) stamps.
    const order = (lines: TestOrderLine[], options: Partial<Parameters<typeof createTestOrder>[1]> = {}) =>
      createTestOrder(db(), {
        merchantId: merchant.id,
        customerAccountId: customer.id,
        lines,
        placedAt: new Date(Date.now() - 86_400_000),
        ...options,
      });
    return {
      merchant,
      admin,
      customer,
      other,
      customerPerson,
      otherPerson,
      products: { milk, beans, bread },
      order,
    };
  }

  /** Puts the account on a new tier with the prices given. */
  async function tier(options: { merchantId: string; accountId: string; prices: Record<string, number> }) {
    const [created] = await db()
      .insert(pricingTiers)
      .values({ merchantId: options.merchantId, name: `Tier ${crypto.randomUUID().slice(0, 6)}` })
      .returning();
    await db()
      .insert(tierPrices)
      .values(
        Object.entries(options.prices).map(([productId, priceCents]) => ({
          merchantId: options.merchantId,
          tierId: created!.id,
          productId,
          priceCents,
        })),
      );
    await db()
      .update(customerAccounts)
      .set({ pricingTierId: created!.id })
      .where(eq(customerAccounts.id, options.accountId));
  }

  async function getOrder(id: string, headers: Headers) {
    const response = await api('GET', `/orders/${id}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Order;
  }

  async function list(
    organisationId: string,
    headers: Headers,
    query: Record<string, string> = {},
    path = '',
  ) {
    const qs = new URLSearchParams(query).toString();
    const response = await api(
      'GET',
      `/orders/organisation/${organisationId}${path}${qs ? `?${qs}` : ''}`,
      headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: OrderSummary[]; next_cursor: string | null };
  }

  /** Any method, PATCH included, with a JSON body. */
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => app().app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  return { ...kit, shop, tier, getOrder, list, send };
}
