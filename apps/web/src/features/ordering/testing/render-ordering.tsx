import {
  type CatalogueFacets,
  type CatalogueProduct,
  type CurrentUser,
  getCatalogueFacets,
  getCurrentUser,
  listCatalogue,
  listMyMerchants,
} from '@tradeport/contract';
import { vi } from 'vitest';
import { fakeFetch, type FakeHandler, route } from '#testing/fake-api.ts';
import { harbour, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { CreateOrderScreen } from '../screens/create-order-screen.tsx';
import type { fakeCartServer } from './fake-cart-server.ts';
import {
  cafeAroma,
  catalogueFacets,
  customerUser,
  harbourAsMerchantOfCustomer,
} from './ordering-fixtures.ts';

const json = jsonResponse;

/**
 * The catalogue as the server pages it: searched by name, filtered by category (a top-level one
 * with its sub-categories, as `facets` nest them) and by brand (named in `facets`), `pageSize` a page.
 */
export function catalogueHandler(
  products: readonly CatalogueProduct[],
  pageSize = 50,
  facets: CatalogueFacets = catalogueFacets,
): FakeHandler {
  const parentOf = (categoryId: string | undefined) =>
    facets.categories.find((category) => category.id === categoryId)?.parent_id;
  return (request) => {
    const search = request.query.get('search')?.toLowerCase();
    const category = request.query.get('category_id');
    const brandId = request.query.get('brand_id');
    const brandName = facets.brands.find((brand) => brand.id === brandId)?.name;
    const matching = products.filter(
      (product) =>
        (!search || product.name.toLowerCase().includes(search)) &&
        (!category || product.category?.id === category || parentOf(product.category?.id) === category) &&
        (!brandId || product.brand_name === brandName),
    );
    const start = Number(request.query.get('cursor') ?? 0);
    const items = matching.slice(start, start + pageSize);
    const next = start + pageSize < matching.length ? String(start + pageSize) : null;
    return json(200, { items, next_cursor: next });
  };
}

/**
 * Stubs fetch for /orders/create as `as` sees it: the current user, the customer's merchants, the
 * catalogue and the fake cart server. The cart endpoints join the contract's `endpoints` list when
 * the server registers them; until then the fake API takes them as addresses outside it.
 */
export function stubOrderingApi(options: {
  as: 'customer' | 'merchant';
  products: readonly CatalogueProduct[];
  cart: ReturnType<typeof fakeCartServer>;
  routes?: Record<string, FakeHandler>;
  pageSize?: number;
}) {
  const user: CurrentUser = options.as === 'customer' ? customerUser : merchantUser;
  const fake = fakeFetch(
    {
      [route(getCurrentUser)]: () => json(200, user),
      [route(listMyMerchants)]: () => json(200, [harbourAsMerchantOfCustomer]),
      [route(listCatalogue, { id: harbour.id })]: catalogueHandler(options.products, options.pageSize),
      [route(getCatalogueFacets, { id: harbour.id })]: () => json(200, catalogueFacets),
      ...options.routes,
    },
    { outside: options.cart.handlers },
  );
  vi.stubGlobal('fetch', fake.stub);
  return fake;
}

/** /orders/create, signed in as a person of Café Aroma (customer) or Harbour Wholesale (merchant). */
export function renderOrdering(as: 'customer' | 'merchant', path = '/orders/create') {
  sessionStore.set(longSession);
  organisationIdStore.set(as === 'customer' ? cafeAroma.id : harbour.id);
  return renderRoutes(
    withQueryClient([
      { path: '/orders/create', element: <CreateOrderScreen /> },
      { path: '/orders/:orderId', element: <h1>Order page</h1> },
    ]),
    path,
  );
}

/** Makes the screen a phone's (390 px): every max-width media query matches. */
export function stubPhoneWidth() {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...matchMedia(query),
    matches: query.includes('max-width'),
  }));
}
