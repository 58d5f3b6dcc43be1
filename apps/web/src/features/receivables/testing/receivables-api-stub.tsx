import { getCurrentUser, listMyMerchants } from '@tradeport/contract';
import { vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { CustomerAccountsScreen } from '../screens/customer-accounts-screen.tsx';
import { OutstandingScreen } from '../screens/outstanding-screen.tsx';
import { PaymentsOverviewScreen } from '../screens/payments-overview-screen.tsx';
import { cafe, customerUser } from './receivables-fixtures.ts';

export const json = jsonResponse;

export const page = (
  items: unknown[],
  extra: Record<string, unknown> = {},
  next_cursor: string | null = null,
) => json(200, { items, next_cursor, ...extra });

export const harbourMerchant = { id: harbour.id, title: harbour.title, image: null, slug: 'harbour' };

/**
 * Stubs fetch as `who` (the merchant Harbour Wholesale, or the café Café Aroma, which orders from
 * Harbour only) with `routes` keyed by `route(endpoint, params)`.
 */
export function stubReceivablesApi(who: 'merchant' | 'customer', routes: Record<string, FakeHandler> = {}) {
  const fake = fakeFetch({
    [route(getCurrentUser)]: () => json(200, who === 'merchant' ? merchantUser : customerUser),
    [route(listMyMerchants)]: () => json(200, [harbourMerchant]),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.stub);
  return fake;
}

/** The receivables screens as `who`, signed in, at `path`; an order's page is a stand-in heading. */
export function renderReceivables(who: 'merchant' | 'customer', path: string) {
  sessionStore.set(longSession);
  organisationIdStore.set(who === 'merchant' ? harbour.id : cafe.id);
  return renderRoutes(
    withQueryClient([
      { path: '/payments/overview', element: <PaymentsOverviewScreen /> },
      { path: '/payments/outstanding', element: <OutstandingScreen /> },
      { path: '/payments/customers', element: <CustomerAccountsScreen /> },
      { path: '/orders/:orderId', element: <h1>Order page</h1> },
      { path: '/customers/:customerId', element: <h1>Customer page</h1> },
    ]),
    path,
  );
}
