import type { Customer, GroupSummary } from '@tradeport/contract';
import { expect } from 'vitest';
import { createTestProduct, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';

/** Helpers shared by the pricing tier and visibility group API tests. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Page<T = Record<string, unknown>> = { items: T[]; next_cursor: string | null };

/** What differs per kind in the tests: the path and the bodies that put products in. */
export type KindCase = {
  segment: 'pricing' | 'visibility';
  member: 'tier' | 'group';
  label: string;
  itemsBody(productIds: string[]): Record<string, unknown>;
  itemBody(productId: string): Record<string, unknown>;
  /** A body for PUT …/items that the contract refuses, and the field it names. */
  invalidItems: { body: Record<string, unknown>; path: string };
};

export const KIND_CASES: KindCase[] = [
  {
    segment: 'pricing',
    member: 'tier',
    label: 'pricing tier',
    itemsBody: (ids) => ({
      items: ids.map((product_id, index) => ({ product_id, price_cents: 500 + index })),
    }),
    itemBody: (product_id) => ({ product_id, price_cents: 750 }),
    invalidItems: { body: { items: [] }, path: 'body.items' },
  },
  {
    segment: 'visibility',
    member: 'group',
    label: 'visibility group',
    itemsBody: (product_ids) => ({ product_ids }),
    itemBody: (product_id) => ({ product_id }),
    invalidItems: { body: { product_ids: ['not-a-uuid'] }, path: 'body.product_ids.0' },
  },
];

/** Every path of one kind, for one merchant and group. */
export function groupPaths(
  kind: KindCase,
  merchantId: string,
  groupId = '00000000-0000-4000-8000-000000000000',
) {
  const collection = `/products/${kind.segment}/organisation/${merchantId}`;
  const record = `${collection}/${kind.member}/${groupId}`;
  return {
    collection,
    record,
    items: `${record}/items`,
    item: `${record}/item`,
    product: (productId: string) => `${record}/product/${productId}`,
    customers: `${record}/customers`,
    customer: (customerId: string) => `${record}/customer/${customerId}`,
  };
}

/** Each endpoint of a kind as [method, path, body]: for the 401/403 sweeps. */
export function everyEndpoint(kind: KindCase, merchantId: string, groupId?: string) {
  const paths = groupPaths(kind, merchantId, groupId);
  const id = '00000000-0000-4000-8000-000000000001';
  return [
    ['GET', paths.collection, undefined],
    ['POST', paths.collection, { name: 'X' }],
    ['GET', paths.record, undefined],
    ['PUT', paths.record, { name: 'X', version: 1 }],
    ['DELETE', paths.record, undefined],
    ['GET', paths.items, undefined],
    ['PUT', paths.items, kind.itemsBody([id])],
    ['PUT', paths.item, kind.itemBody(id)],
    ['GET', paths.product(id), undefined],
    ['DELETE', paths.product(id), undefined],
    ['GET', paths.customers, undefined],
    ['PUT', paths.customers, { customer_ids: [id] }],
    ['PUT', paths.customer(id), undefined],
    ['DELETE', paths.customer(id), undefined],
  ] as const;
}

/** `t` is read lazily: test files open their app in beforeAll. */
export function groupTestKit(app: () => TestApp) {
  const customers = customerTestKit(app);

  const api = (method: Method, url: string, headers: Headers = {}, payload?: object) =>
    app().app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  /** 200 (or `status`) and the JSON body, or the test fails showing the body. */
  async function ok<T = Record<string, unknown>>(
    call: Promise<{ statusCode: number; body: string; json(): unknown }>,
    status = 200,
  ) {
    const response = await call;
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  }

  /** A merchant, its Admin, two products and two customers (accounts). */
  async function world(options: { productCount?: number } = {}) {
    const { merchant, admin, base } = await customers.newMerchant();
    const products = [];
    for (let index = 0; index < (options.productCount ?? 2); index++) {
      products.push(await createTestProduct(app().database.db, { merchantId: merchant.id }));
    }
    const accounts: Customer[] = [
      await customers.addCustomer(base, admin.headers, { title: 'Alpha Café' }),
      await customers.addCustomer(base, admin.headers, { title: 'Bravo Bistro' }),
    ];
    return { merchantId: merchant.id, admin, products, accounts };
  }

  const createGroup = (
    kind: KindCase,
    merchantId: string,
    headers: Headers,
    name: string,
    description?: string,
  ) =>
    ok<GroupSummary>(
      api('POST', groupPaths(kind, merchantId).collection, headers, { name, description }),
      201,
    );

  return { ...customers, api, ok, world, createGroup };
}
