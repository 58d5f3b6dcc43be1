import type {
  Customer,
  CustomerPaymentSettings,
  EndpointResponse,
  GroupSummary,
  listCustomerUsers,
} from '@tradeport/contract';
import { vi } from 'vitest';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { CustomerDetailScreen } from '../screens/customer-detail-screen.tsx';
import { CustomersScreen } from '../screens/customers-screen.tsx';

export const CUSTOMERS_PATH = `/api/v1/organisations/${harbour.id}/customers`;
export const customerPath = (id: string) => `${CUSTOMERS_PATH}/${id}`;
export const settingsPath = (id: string) => `/api/v1/organisations/${harbour.id}/customer/${id}/settings`;
export const peoplePath = (id: string) => `${customerPath(id)}/users`;

/** The tier and group endpoints the customer page uses; `cid` puts one customer in or out. */
export const TIERS_PATH = `/api/v1/products/pricing/organisation/${harbour.id}`;
export const GROUPS_PATH = `/api/v1/products/visibility/organisation/${harbour.id}`;
export const tierCustomerPath = (tierId: string, cid: string) =>
  `${TIERS_PATH}/tier/${tierId}/customer/${cid}`;
export const groupCustomerPath = (groupId: string, cid: string) =>
  `${GROUPS_PATH}/group/${groupId}/customer/${cid}`;

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
    payment_settings: { is_payments_enabled: true, payment_terms_days: 14, credit_limit_cents: 500_000 },
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
  payment_settings: { is_payments_enabled: false, payment_terms_days: 0, credit_limit_cents: null },
  user_count: 1,
});

export type Person = EndpointResponse<typeof listCustomerUsers>[number];
export type Settings = CustomerPaymentSettings;

export type StubRequest = { method: string; url: URL; body: unknown; headers: Headers };
export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

export const json = jsonResponse;

function toStubRequest(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): StubRequest {
  return {
    method: init?.method ?? 'GET',
    url: new URL(String(input), 'http://localhost'),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    headers: new Headers(init?.headers),
  };
}

/**
 * Stubs fetch, the only thing these tests replace: handlers are keyed "METHOD /path" (query left
 * out) and the signed-in merchant is always served. Anything else answers 404.
 */
export function stubApi(handlers: Record<string, StubHandler>) {
  const routes: Record<string, StubHandler> = {
    'GET /api/v1/users/current': () => json(200, merchantUser),
    // The merchant has no tiers or groups unless a test says otherwise.
    [`GET ${TIERS_PATH}`]: () => json(200, { items: [], next_cursor: null }),
    [`GET ${GROUPS_PATH}`]: () => json(200, { items: [], next_cursor: null }),
    ...handlers,
  };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request = toStubRequest(input, init);
    const handler = routes[`${request.method} ${request.url.pathname}`];
    if (handler) return handler(request);
    return json(404, { error_code: 'NOT_FOUND', message: `No stub for ${request.method} ${request.url}` });
  });
  vi.stubGlobal('fetch', fetchMock);

  /** What was sent to one endpoint, oldest first. */
  const requestsTo = (method: string, path: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => toStubRequest(input, init))
      .filter((request) => request.method === method && request.url.pathname === path);

  return { fetchMock, requestsTo };
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
