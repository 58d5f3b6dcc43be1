import { randomUUID } from 'node:crypto';
import type { BulkProductsResult, Product } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { products } from '../../platform/db/schema/index.ts';
import type { TestApp } from '../../testing/index.ts';
import { taxonomyTestKit } from '../catalogue-taxonomy/catalogue-taxonomy.testing.ts';
import type { Headers } from '../customers/customers.testing.ts';

/** Helpers shared by the products API tests; everything goes through the API where it can. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Page = { items: Product[]; next_cursor: string | null; total?: number | null };

/** A valid create body; `overrides` replace any field. */
export const productBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Full Cream Milk 2L',
  sku: `SKU-${randomUUID().slice(0, 8)}`,
  base_price_cents: 310,
  ...overrides,
});

export const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

/** `t` is read lazily: test files open their app in beforeAll. */
export function productTestKit(app: () => TestApp) {
  const taxonomy = taxonomyTestKit(app);

  const api = (method: Method, url: string, headers: Headers = {}, payload?: object) =>
    app().app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  const collection = (merchantId: string) => `/products/organisation/${merchantId}`;

  async function create(merchantId: string, headers: Headers, overrides: Record<string, unknown> = {}) {
    const response = await api('POST', collection(merchantId), headers, productBody(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Product;
  }

  async function list(merchantId: string, headers: Headers, query: Record<string, string> = {}) {
    const response = await api('GET', `${collection(merchantId)}?${new URLSearchParams(query)}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  }

  async function runBulk(merchantId: string, headers: Headers, body: object, status = 200) {
    const response = await api('POST', `${collection(merchantId)}/bulk`, headers, body);
    expect(response.statusCode, response.body).toBe(status);
    // A refusal is an error body instead; its fields are optional here so tests can read either.
    return response.json() as BulkProductsResult & {
      error_code?: string;
      message?: string;
      details?: { path: string }[];
    };
  }

  /** The merchant's products straight from the database, by SKU, to prove what did (not) change. */
  async function snapshot(merchantId: string) {
    const rows = await app().database.db.select().from(products).where(eq(products.merchantId, merchantId));
    return rows.map((row) => ({ ...row })).sort((a, b) => a.sku.localeCompare(b.sku));
  }

  /** A body for PUT products/{id}: the product as read, with changes. */
  const updateBody = (product: Product, changes: Record<string, unknown> = {}) => ({
    name: product.name,
    sku: product.sku,
    description: product.description,
    brand_id: product.brand?.id ?? null,
    supplier_id: product.supplier?.id ?? null,
    category_id: product.category?.id ?? null,
    unit_of_measure_id: product.unit_of_measure?.id ?? null,
    base_price_cents: product.base_price_cents,
    cost_cents: product.cost_cents,
    is_gst_applicable: product.is_gst_applicable,
    min_order_quantity: product.min_order_quantity,
    pack_size: product.pack_size,
    barcode: product.barcode,
    image: product.image,
    version: product.version,
    ...changes,
  });

  return {
    newMerchant: taxonomy.newMerchant,
    memberOf: taxonomy.memberOf,
    customerMember: taxonomy.customerMember,
    /** A brand, supplier, unit or category through its own API. */
    createVocabulary: taxonomy.create,
    api,
    collection,
    create,
    list,
    runBulk,
    snapshot,
    updateBody,
  };
}
