import { vi } from 'vitest';
import { type FakeHandler, type FakeRequest, fakeFetch } from '#testing/fake-api.ts';
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

export const collectionPath = (segment: Segment) => `/api/v1/products/${segment}/organisation/${harbour.id}`;
export const recordPath = (segment: Segment, id: string) =>
  `/api/v1/products/${segment}/${id}/organisation/${harbour.id}`;

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
  const collection = collectionPath(options.segment);
  const idFrom = (request: FakeRequest) => request.path.split('/')[5]!;

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
    items = items.map((item) => (item.id === id ? { ...item, ...(request.body as object) } : item));
    return json(
      200,
      items.find((item) => item.id === id),
    );
  };
  const remove: FakeHandler = (request) => {
    items = items.filter((item) => item.id !== idFrom(request));
    return json(200, { deleted: true });
  };

  const routes: Record<string, FakeHandler> = {
    'GET /api/v1/users/current': () => json(200, merchantUser),
    [`GET ${collection}`]: options.handlers?.GET ?? list,
    [`POST ${collection}`]: options.handlers?.POST ?? create,
  };
  for (const item of options.items) {
    const path = recordPath(options.segment, item.id);
    routes[`PUT ${path}`] = options.handlers?.PUT ?? update;
    routes[`DELETE ${path}`] = options.handlers?.DELETE ?? remove;
  }
  const fake = fakeFetch(routes);
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
