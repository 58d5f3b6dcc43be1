import {
  type CurrentUser,
  type Customer,
  getCurrentUser,
  listOrderPayments,
  type Order,
  type OrderPayments,
  type OrderSummary,
  type OrganisationMembership,
} from '@tradeport/contract';
import { vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { customerFixture as customerOfHarbour } from '#shared/product-groups/testing/group-fixtures.ts';
import { harbour, idOf, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { OrderScreen } from '../screens/order-screen.tsx';
import { OrdersScreen } from '../screens/orders-screen.tsx';

export const json = jsonResponse;

export const cafe: OrganisationMembership = {
  id: '00000000-0000-4000-8000-0000000000c1',
  title: 'Café Aroma',
  active: true,
  invitation_accepted: true,
  user_level: 'User',
};

export const customerUser: CurrentUser = {
  ...merchantUser,
  title: 'Sam Ortiz',
  is_merchant: false,
  settings: { payments_enabled: false, advanced_tax_enabled: false },
  customer: { payment_settings: { is_payments_enabled: false } },
  merchant: { title: harbour.title, image: null },
  organisations: [cafe],
};

export const ORDER_ID = idOf(901);
export const MILK_ID = idOf(1);
export const BEANS_ID = idOf(2);

export function summaryFixture(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: ORDER_ID,
    number: 1042,
    invoice_number: 1042,
    status: 'PROCESSING',
    merchant: { id: harbour.id, title: harbour.title },
    customer: { organisation_id: cafe.id, account_id: accountIdOf(cafe.id), name: cafe.title },
    placed_at: '2025-03-04T01:30:00.000Z',
    delivery_date: '2025-03-06',
    shipping_method_name: 'Weekday delivery',
    purchase_order_number: 'PO-77',
    is_placed_by_merchant: false,
    line_count: 2,
    total_cents: 12_345,
    payment_status: 'UNPAID',
    paid_cents: 0,
    outstanding_cents: 12_345,
    ...overrides,
  };
}

export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    ...summaryFixture(),
    customer_abn: '51824753556',
    delivery_address: '1 Harbour St\nSydney NSW 2000',
    shipping_method_id: idOf(501),
    shipping_method_kind: 'DELIVERY',
    notes: 'Leave at the back door',
    placed_by_name: 'Sam Ortiz',
    payment_terms_days: 14,
    due_date: '2025-03-18',
    gst_rounding: 'PER_LINE',
    is_tax_exempt: false,
    subtotal_cents: 10_000,
    delivery_fee_cents: 1_000,
    gst_cents: 1_345,
    total_cents: 12_345,
    lines: [
      {
        product_id: MILK_ID,
        name: 'Full Cream Milk 2L',
        sku: 'MILK-2L',
        unit_name: 'Litre',
        unit_abbreviation: 'L',
        quantity: 4,
        unit_price_cents: 1_000,
        gst_rate_basis_points: 0,
        subtotal_cents: 4_000,
        gst_cents: 0,
      },
      {
        product_id: BEANS_ID,
        name: 'Espresso Beans 1kg',
        sku: 'BEAN-1KG',
        unit_name: null,
        unit_abbreviation: null,
        quantity: 2,
        unit_price_cents: 3_000,
        gst_rate_basis_points: 1_000,
        subtotal_cents: 6_000,
        gst_cents: 600,
      },
    ],
    history: [
      { kind: 'PLACED', at: '2025-03-04T01:30:00.000Z', user_name: 'Sam Ortiz', details: {} },
      {
        kind: 'LINE_CHANGED',
        at: '2025-03-04T02:00:00.000Z',
        user_name: 'Mia Chen',
        details: {
          product_id: MILK_ID,
          name: 'Full Cream Milk 2L',
          sku: 'MILK-2L',
          quantity: { from: 3, to: 4 },
        },
      },
    ],
    version: 7,
    can_edit: true,
    allowed_statuses: ['SHIPPED', 'ON_HOLD', 'CANCELLED'],
    ...overrides,
  };
}

/** The account with Harbour Wholesale of a customer organisation: its customer id, which its orders name. */
export const accountIdOf = (organisationId: string) =>
  idOf(Number.parseInt(organisationId.slice(-4), 16) + 5000);

/** A customer as the customers list answers it; only the name and organisation matter here. */
export function customerFixture(title: string, organisationId: string): Customer {
  return customerOfHarbour({
    id: accountIdOf(organisationId),
    organisation_id: organisationId,
    title,
    created_at: '2025-03-01T00:00:00.000Z',
  });
}

/** An order's payments as the payments endpoint answers them: none yet, by default. */
export function orderPaymentsFixture(overrides: Partial<OrderPayments> = {}): OrderPayments {
  return {
    order_id: ORDER_ID,
    total_cents: 12_345,
    paid_cents: 0,
    outstanding_cents: 12_345,
    payment_status: 'UNPAID',
    payments: [],
    ...overrides,
  };
}

export const page = (items: unknown[], next_cursor: string | null = null) =>
  json(200, { items, next_cursor });

/**
 * Stubs fetch as `who` (the merchant Harbour Wholesale, or the customer Café Aroma) with `routes`
 * keyed by `route(endpoint, params)`. The order endpoints are not yet in the contract's
 * `endpoints` list (their server modules register them in issue 10), so they are served as
 * `outside` routes; the keys are still built from the contract's endpoints.
 */
export function stubOrdersApi(
  who: 'merchant' | 'customer',
  routes: { api?: Record<string, FakeHandler>; orders?: Record<string, FakeHandler> },
) {
  const fake = fakeFetch(
    {
      [route(getCurrentUser)]: () => json(200, who === 'merchant' ? merchantUser : customerUser),
      // The order screen's Payments section asks for these; none unless a test says otherwise.
      [route(listOrderPayments)]: (request) =>
        json(200, orderPaymentsFixture({ order_id: request.params.id ?? ORDER_ID })),
      ...routes.api,
    },
    { outside: routes.orders },
  );
  vi.stubGlobal('fetch', fake.stub);
  return fake;
}

/** The orders screens as `who`, signed in, at `path`. */
export function renderOrders(who: 'merchant' | 'customer', path: string) {
  sessionStore.set(longSession);
  organisationIdStore.set(who === 'merchant' ? harbour.id : cafe.id);
  return renderRoutes(
    withQueryClient([
      { path: '/orders', element: <OrdersScreen /> },
      { path: '/orders/create', element: <h1>Create New Order</h1> },
      { path: '/orders/:orderId', element: <OrderScreen /> },
    ]),
    path,
  );
}
