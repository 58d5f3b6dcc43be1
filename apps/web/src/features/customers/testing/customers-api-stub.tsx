import {
  type Customer,
  type CustomerPaymentSettings,
  type EndpointResponse,
  getCurrentUser,
  type GroupSummary,
  type listCustomerUsers,
  listPricingTiers,
  listVisibilityGroups,
} from '@tradeport/contract';
import { vi } from 'vitest';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { CustomerDetailScreen } from '../screens/customer-detail-screen.tsx';
import { CustomersScreen } from '../screens/customers-screen.tsx';

/** A tier or group as its list answers it. */
export function listFixture(id: string, name: string): GroupSummary {
  return {
    id,
    name,
    description: null,
    product_count: 3,
    customer_count: 1,
    version: 1,
    created_at: '2025-03-01T00:00:00.000Z',
  };
}

export const CAFE_ID = '00000000-0000-4000-8000-0000000000c1';
export const HOUSE_ID = '00000000-0000-4000-8000-0000000000c0';

export function customerFixture(overrides: Partial<Customer> = {}): Customer {
  return {
    id: CAFE_ID,
    organisation_id: '00000000-0000-4000-8000-0000000000d1',
    title: 'Café Aroma',
    abn: '51824753556',
    contact_email: 'orders@cafearoma.com.au',
    phone: '02 9000 1234',
    address_line1: '12 Crown St',
    address_line2: null,
    suburb: 'Surry Hills',
    state: 'NSW',
    postcode: '2010',
    is_house_account: false,
    archived: false,
    payment_settings: {
      is_payments_enabled: true,
      payment_terms_days: 14,
      credit_limit_cents: 500_000,
      is_tax_exempt: false,
      is_overdue_reminders_enabled: true,
    },
    user_count: 2,
    pricing_tier: null,
    visibility_groups: [],
    created_at: '2025-03-04T01:00:00.000Z',
    version: 3,
    ...overrides,
  };
}

export const houseAccount = customerFixture({
  id: HOUSE_ID,
  organisation_id: harbour.id,
  title: 'Harbour Wholesale (house)',
  abn: null,
  contact_email: null,
  phone: null,
  suburb: null,
  state: null,
  postcode: null,
  is_house_account: true,
  payment_settings: {
    is_payments_enabled: false,
    payment_terms_days: 0,
    credit_limit_cents: null,
    is_tax_exempt: false,
    is_overdue_reminders_enabled: true,
  },
  user_count: 1,
});

export type Person = EndpointResponse<typeof listCustomerUsers>[number];
export type Settings = CustomerPaymentSettings;

export const json = jsonResponse;

/**
 * Stubs fetch, the only thing these tests replace: handlers are keyed by `route(endpoint, params)`
 * and the signed-in merchant is always served. Anything else answers 404.
 */
export function stubApi(handlers: Record<string, FakeHandler>) {
  const fake = fakeFetch({
    [route(getCurrentUser)]: () => json(200, merchantUser),
    // The merchant has no tiers or groups unless a test says otherwise.
    [route(listPricingTiers, { id: harbour.id })]: () => json(200, { items: [], next_cursor: null }),
    [route(listVisibilityGroups, { id: harbour.id })]: () => json(200, { items: [], next_cursor: null }),
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.stub);
  return { fetchMock: fake.stub, requestsTo: fake.requestsTo };
}

/** A signed-in merchant acting for Harbour Wholesale, on the customers routes. */
export function renderCustomers(path: string) {
  return renderAsMerchant(
    [
      { path: '/customers', element: <CustomersScreen /> },
      { path: '/customers/:customerId', element: <CustomerDetailScreen /> },
    ],
    path,
  );
}
