import { getCurrentUser } from '@tradeport/contract';
import { vi } from 'vitest';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { ReportsScreen } from '../screens/reports-screen.tsx';

/** Stubs fetch as Harbour Wholesale's merchant with `routes` keyed by `route(endpoint, params)`. */
export function stubReportsApi(routes: Record<string, FakeHandler>) {
  const fake = fakeFetch({ [route(getCurrentUser)]: () => jsonResponse(200, merchantUser), ...routes });
  vi.stubGlobal('fetch', fake.stub);
  return fake;
}

/** The reports screen as Harbour's merchant at `path`; the pages it links to are stand-in headings. */
export function renderReports(path: string) {
  return renderAsMerchant(
    [
      { path: '/reports', element: <ReportsScreen /> },
      { path: '/products/:productId', element: <h1>Product page</h1> },
      { path: '/payments/outstanding', element: <h1>Outstanding page</h1> },
    ],
    path,
  );
}
