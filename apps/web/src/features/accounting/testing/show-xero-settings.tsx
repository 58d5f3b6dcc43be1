import userEvent from '@testing-library/user-event';
import {
  getCurrentUser,
  getXeroBooks,
  getXeroConnection,
  getXeroSyncHealth,
  listXeroCustomerLinks,
  listXeroProductLinks,
  listXeroTaxLinks,
} from '@tradeport/contract';
import { vi } from 'vitest';
import { useCurrentAccount } from '#lib/current-account.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { XeroSettingsScreen } from '../screens/accounting-settings-screen.tsx';
import {
  customerLinksFixture,
  mappedFixture,
  productLinksFixture,
  syncHealthFixture,
  taxLinksFixture,
  xeroBooks,
} from './accounting-fixtures.ts';

export const CUSTOMER_LINKS = route(listXeroCustomerLinks, { id: harbour.id });
export const PRODUCT_LINKS = route(listXeroProductLinks, { id: harbour.id });
export const TAX_LINKS = route(listXeroTaxLinks, { id: harbour.id });

function AsBehindTheGuard() {
  return useCurrentAccount().data ? <XeroSettingsScreen /> : null;
}

/**
 * /xero/settings for Harbour Wholesale's Admin, connected and mapped, every section answered
 * (customers, products and taxes from the fixtures) unless `handlers` answer otherwise.
 */
export function showXeroSettings(handlers: Record<string, FakeHandler> = {}) {
  const api = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, merchantUser),
    [route(getXeroConnection, { id: harbour.id })]: () => jsonResponse(200, mappedFixture),
    [route(getXeroBooks, { id: harbour.id })]: () => jsonResponse(200, xeroBooks),
    [route(getXeroSyncHealth, { id: harbour.id })]: () => jsonResponse(200, syncHealthFixture()),
    [CUSTOMER_LINKS]: () => jsonResponse(200, customerLinksFixture()),
    [PRODUCT_LINKS]: () => jsonResponse(200, productLinksFixture()),
    [TAX_LINKS]: () => jsonResponse(200, taxLinksFixture()),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.stub);
  renderAsMerchant([{ path: '/xero/settings', element: <AsBehindTheGuard /> }], '/xero/settings');
  return { api, user: userEvent.setup() };
}

/** Xero's answer while it is down. */
export const xeroDown = () =>
  jsonResponse(503, {
    error_code: 'SERVICE_UNAVAILABLE',
    message: 'Xero is not answering just now. Try again in a minute.',
  });
