import { type CurrentUser, getCurrentUser } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { PHONE_QUERY } from '#lib/use-is-phone.ts';
import { sessionStore } from '#lib/session.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { RecordPaymentHost } from '../components/record-payment-host.tsx';
import { CreditsScreen } from '../screens/credits-screen.tsx';
import { PaymentsScreen } from '../screens/payments-screen.tsx';
import { cafe, customerUser } from './payment-fixtures.ts';

export const json = jsonResponse;
export const page = (items: unknown[], next_cursor: string | null = null) =>
  json(200, { items, next_cursor });

export type Who = 'merchant' | 'customer';

/** Stubs fetch as `who` (the merchant Harbour Wholesale, or its customer Café Aroma) with `routes`. */
export function stubPaymentsApi(
  who: Who,
  routes: Record<string, FakeHandler>,
  options: { user?: CurrentUser } = {},
) {
  const user = options.user ?? (who === 'merchant' ? merchantUser : customerUser);
  const fake = fakeFetch({ [route(getCurrentUser)]: () => json(200, user), ...routes });
  vi.stubGlobal('fetch', fake.stub);
  return fake;
}

/**
 * The payments screens as `who`, signed in, at `path`, with the Record payment dialog mounted over
 * them as the app shell mounts it (when the address names it), and an order screen to link to.
 */
export function renderPayments(who: Who, path: string) {
  sessionStore.set(longSession);
  organisationIdStore.set(who === 'merchant' ? harbour.id : cafe.id);
  const withHost = (element: ReactNode) => (
    <>
      {element}
      <RecordPaymentHost />
    </>
  );
  return renderRoutes(
    withQueryClient([
      { path: '/payments', element: withHost(<PaymentsScreen />) },
      { path: '/payments/credits', element: withHost(<CreditsScreen />) },
      { path: '/orders/:orderId', element: withHost(<h1>Order</h1>) },
    ]),
    path,
  );
}

/** A phone's screen, for `vi.stubGlobal('matchMedia', phoneMedia)`. */
export const phoneMedia = (query: string) => ({
  matches: query === PHONE_QUERY,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
