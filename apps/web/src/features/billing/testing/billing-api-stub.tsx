import { getCurrentUser } from '@tradeport/contract';
import { vi } from 'vitest';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { BillingScreen } from '../screens/billing-screen.tsx';

/** Stubs fetch as Harbour Wholesale's Admin (unless `currentUser` says otherwise) with `routes`. */
export function stubBillingApi(
  routes: Record<string, FakeHandler>,
  currentUser: FakeHandler = () => jsonResponse(200, merchantUser),
) {
  const fake = fakeFetch({ [route(getCurrentUser)]: currentUser, ...routes });
  vi.stubGlobal('fetch', fake.stub);
  return fake;
}

/** The billing screen as Harbour's merchant at `path`. */
export function renderBilling(path = '/organisations/billing') {
  return renderAsMerchant([{ path: '/organisations/billing', element: <BillingScreen /> }], path);
}

/**
 * Catches the full-page navigation to Stripe: jsdom cannot leave the page, so `window.location`
 * is stood in for by a copy whose `assign` records where the browser was sent.
 */
export function captureLeaving() {
  const assign = vi.fn<(url: string) => void>();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}
