import type { BulkProductsResult, Product } from '@tradeport/contract';
import { vi } from 'vitest';
import { fakeFetch, type FakeHandler, type FakeRequest, route } from '#testing/fake-api.ts';
import { harbour, idOf, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { CreateProductScreen } from '../screens/create-product-screen.tsx';
import { ProductDetailScreen } from '../screens/product-detail-screen.tsx';
import { ProductsScreen } from '../screens/products-screen.tsx';
import {
  getCurrentUser,
  listBrands,
  listCategories,
  listSuppliers,
  listUnitsOfMeasure,
} from '@tradeport/contract';

export const json = jsonResponse;

export const ACME = { id: idOf(101), name: 'Acme Dairy' };
export const BEANS = { id: idOf(102), name: 'Bean Co' };
export const FRESH_FARMS = { id: idOf(201), name: 'Fresh Farms', contact_email: null, phone: null };
export const DAIRY = { id: idOf(301), name: 'Dairy', parent_id: null, children_count: 0 };
export const LITRE = { id: idOf(401), name: 'Litre', abbreviation: 'L' };

export const MILK_ID = idOf(1);

export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    id: MILK_ID,
    name: 'Full Cream Milk 2L',
    sku: 'MILK-2L',
    description: 'Fresh full cream milk',
    brand: { id: ACME.id, name: ACME.name },
    supplier: { id: FRESH_FARMS.id, name: FRESH_FARMS.name },
    category: { id: DAIRY.id, name: DAIRY.name },
    unit_of_measure: LITRE,
    base_price_cents: 1250,
    cost_cents: 800,
    is_gst_applicable: false,
    is_active: true,
    min_order_quantity: 1,
    pack_size: 6,
    barcode: '9300000000001',
    image: null,
    version: 3,
    created_at: '2025-03-04T01:00:00.000Z',
    updated_at: '2025-03-05T01:00:00.000Z',
    ...overrides,
  };
}

export function bulkResult(overrides: Partial<BulkProductsResult> = {}): BulkProductsResult {
  return {
    action: 'import',
    is_written: false,
    created: 0,
    updated: 0,
    unchanged: 0,
    archived: 0,
    restored: 0,
    deleted: 0,
    errors: [],
    new_brands: [],
    new_suppliers: [],
    new_categories: [],
    new_units_of_measure: [],
    ...overrides,
  };
}

export const page = (items: unknown[], next_cursor: string | null = null, total: number | null = null) =>
  json(200, { items, next_cursor, total });

/** The query string of a request, as search params. */
export const paramsOf = (request: FakeRequest) => new URL(request.url, 'http://localhost').searchParams;

/**
 * Stubs fetch: the signed-in merchant and the four vocabulary lists are always served (searched by
 * name), then `routes` (keyed by `route(endpoint, params)`). Anything else answers 404.
 */
export function stubProductsApi(routes: Record<string, FakeHandler>) {
  const list =
    (items: { name: string }[]): FakeHandler =>
    (request) => {
      const search = paramsOf(request).get('search')?.toLowerCase();
      return page(items.filter((item) => !search || item.name.toLowerCase().includes(search)));
    };
  const fake = fakeFetch({
    [route(getCurrentUser)]: () => json(200, merchantUser),
    [route(listBrands, { id: harbour.id })]: list([ACME, BEANS]),
    [route(listSuppliers, { id: harbour.id })]: list([FRESH_FARMS]),
    [route(listCategories, { id: harbour.id })]: list([DAIRY]),
    [route(listUnitsOfMeasure, { id: harbour.id })]: list([LITRE]),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.stub);
  return fake;
}

/** A signed-in merchant acting for Harbour Wholesale, on the product routes. */
export function renderProducts(path: string) {
  return renderAsMerchant(
    [
      { path: '/products', element: <ProductsScreen /> },
      { path: '/products/create', element: <CreateProductScreen /> },
      { path: '/products/:productId', element: <ProductDetailScreen /> },
    ],
    path,
  );
}
