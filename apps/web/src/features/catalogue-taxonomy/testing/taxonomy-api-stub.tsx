import {
  createBrand,
  type Endpoint,
  createCategory,
  createSupplier,
  createUnitOfMeasure,
  deleteBrand,
  deleteCategory,
  deleteSupplier,
  deleteUnitOfMeasure,
  getCurrentUser,
  listBrands,
  listCategories,
  listSuppliers,
  listUnitsOfMeasure,
  updateBrand,
  updateCategory,
  updateSupplier,
  updateUnitOfMeasure,
} from '@tradeport/contract';
import { vi } from 'vitest';
import { type FakeHandler, type FakeRequest, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, idOf, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import {
  BrandsScreen,
  CategoriesScreen,
  SuppliersScreen,
  UnitsOfMeasureScreen,
} from '../screens/taxonomy-screens.tsx';

export const json = jsonResponse;

/** The API's path segment per kind (`uom` for units). */
export type Segment = 'brands' | 'suppliers' | 'uom' | 'categories';

/** Each kind's calls in the contract; a record's id is its own path parameter (`bid` for a brand). */
const ENDPOINTS = {
  brands: { list: listBrands, create: createBrand, update: updateBrand, remove: deleteBrand },
  suppliers: { list: listSuppliers, create: createSupplier, update: updateSupplier, remove: deleteSupplier },
  uom: {
    list: listUnitsOfMeasure,
    create: createUnitOfMeasure,
    update: updateUnitOfMeasure,
    remove: deleteUnitOfMeasure,
  },
  categories: {
    list: listCategories,
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
  },
};
const RECORD_PARAM = { brands: 'bid', suppliers: 'sid', uom: 'uid', categories: 'cid' } as const;

/** The stub key of one kind's call: its list and create, or the update or delete of record `id`. */
export function taxonomyRoute(segment: Segment, call: 'list' | 'create'): string;
export function taxonomyRoute(segment: Segment, call: 'update' | 'remove', id: string): string;
export function taxonomyRoute(segment: Segment, call: keyof (typeof ENDPOINTS)['brands'], id?: string) {
  const params = id === undefined ? { id: harbour.id } : { id: harbour.id, [RECORD_PARAM[segment]]: id };
  // The four kinds' endpoints differ only in the record parameter's name, which `params` carries.
  return route<Endpoint>(ENDPOINTS[segment][call], params);
}

type Item = { id: string; name: string };

/**
 * One kind's API over an in-memory list, so a create or delete shows in the list read after it:
 * name order, case-insensitive search, keyset-like paging (the cursor is the next index).
 * `handlers` replace any of the four answers ("POST", "PUT", "DELETE", "GET").
 */
export function stubTaxonomyApi<T extends Item>(options: {
  segment: Segment;
  items: T[];
  /** What the server adds to a new record beyond its body (a category's children_count). */
  createdWith?: Partial<T>;
  handlers?: Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', FakeHandler>>;
}) {
  let items = [...options.items];
  let nextId = 900;
  const sorted = () => [...items].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
  const notFound = () => json(404, { error_code: 'NOT_FOUND', message: 'Not found' });
  const idFrom = (request: FakeRequest) => request.params[RECORD_PARAM[options.segment]]!;

  const list: FakeHandler = (request) => {
    const url = new URL(request.url, 'http://localhost');
    const search = url.searchParams.get('search')?.toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const matching = sorted().filter((item) => !search || item.name.toLowerCase().includes(search));
    const page = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? String(start + limit) : null;
    return json(200, { items: page, next_cursor: next });
  };
  const create: FakeHandler = (request) => {
    const item = { ...options.createdWith, ...(request.body as object), id: idOf(nextId++) } as T;
    items.push(item);
    return json(201, item);
  };
  const update: FakeHandler = (request) => {
    const id = idFrom(request);
    if (!items.some((item) => item.id === id)) return notFound();
    items = items.map((item) => (item.id === id ? { ...item, ...(request.body as object) } : item));
    return json(
      200,
      items.find((item) => item.id === id),
    );
  };
  const remove: FakeHandler = (request) => {
    if (!items.some((item) => item.id === idFrom(request))) return notFound();
    items = items.filter((item) => item.id !== idFrom(request));
    return json(200, { deleted: true });
  };

  const endpoints = ENDPOINTS[options.segment];
  const fake = fakeFetch({
    [route(getCurrentUser)]: () => json(200, merchantUser),
    [taxonomyRoute(options.segment, 'list')]: options.handlers?.GET ?? list,
    [taxonomyRoute(options.segment, 'create')]: options.handlers?.POST ?? create,
    // Any record id: what the handlers do with an unknown one is up to them.
    [route(endpoints.update)]: options.handlers?.PUT ?? update,
    [route(endpoints.remove)]: options.handlers?.DELETE ?? remove,
  });
  vi.stubGlobal('fetch', fake.stub);
  return fake;
}

/** A signed-in merchant acting for Harbour Wholesale, on one of the four screens. */
export function renderTaxonomy(
  path: '/brands' | '/suppliers' | '/uoms' | '/categories' | `/brands?${string}`,
) {
  return renderAsMerchant(
    [
      { path: '/brands', element: <BrandsScreen /> },
      { path: '/suppliers', element: <SuppliersScreen /> },
      { path: '/uoms', element: <UnitsOfMeasureScreen /> },
      { path: '/categories', element: <CategoriesScreen /> },
    ],
    path,
  );
}
