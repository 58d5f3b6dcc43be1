import { screen, within } from '@testing-library/react';
import { getCurrentUser, listMyMerchants, listOrders, listOutstandingOrders } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summaryFixture } from '#features/orders/testing/orders-api-stub.tsx';
import {
  cafe,
  customerUser,
  notYetDue,
  outstandingFixture,
} from '#features/receivables/testing/receivables-fixtures.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, idOf, longSession } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { CustomerHome } from './customer-home.tsx';

afterEach(() => vi.unstubAllGlobals());

const page = (items: unknown[]) => jsonResponse(200, { items, next_cursor: null });
const today = new Intl.DateTimeFormat('en-CA').format(new Date());
const inDays = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const latest = summaryFixture({ id: idOf(1050), number: 1050, status: 'COMPLETED', total_cents: 45_600 });
const dueSoon = summaryFixture({ id: idOf(1051), number: 1051, delivery_date: inDays(2) });
const dueLater = summaryFixture({
  id: idOf(1052),
  number: 1052,
  delivery_date: inDays(5),
  status: 'ON_HOLD',
});

function renderHome(routes: { orders: FakeHandler; outstanding: FakeHandler }) {
  const fake = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, customerUser),
    [route(listMyMerchants)]: () =>
      jsonResponse(200, [{ id: harbour.id, title: harbour.title, image: null, slug: 'harbour' }]),
    [route(listOrders, { id: cafe.id })]: routes.orders,
    [route(listOutstandingOrders, { id: cafe.id })]: routes.outstanding,
  });
  vi.stubGlobal('fetch', fake.stub);
  sessionStore.set(longSession);
  organisationIdStore.set(cafe.id);
  renderRoutes(withQueryClient([{ path: '/', element: <CustomerHome /> }]), '/');
  return fake;
}

describe('CustomerHome', () => {
  it('shows the next delivery, what the café owes with a way to pay, and its recent orders to order again', async () => {
    renderHome({
      // The open deliveries ask by status and day; the recent orders are the newest five.
      orders: ({ query }) =>
        query.get('status') === 'PROCESSING,ON_HOLD,SHIPPED' && query.get('delivery_from') === today
          ? page([dueLater, dueSoon])
          : page([latest, dueLater, dueSoon]),
      outstanding: () =>
        jsonResponse(200, {
          items: [outstandingFixture(), notYetDue],
          next_cursor: null,
          as_of: '2025-03-30',
        }),
    });

    const next = await screen.findByRole('region', { name: 'Next delivery' });
    expect(await within(next).findByRole('link', { name: 'Order #1051' })).toBeInTheDocument();
    expect(within(next).queryByRole('link', { name: 'Order #1052' })).toBeNull();

    const owed = screen.getByRole('region', { name: `You owe ${harbour.title}` });
    expect(await within(owed).findByText('$150.00')).toBeInTheDocument();
    expect(within(owed).getByText('2 invoices to pay, $100.00 overdue')).toBeInTheDocument();
    expect(within(owed).getByRole('link', { name: 'Pay outstanding' })).toHaveAttribute(
      'href',
      expect.stringContaining(`pay=card&pay_merchant=${harbour.id}`),
    );

    const recent = screen.getByRole('region', { name: 'Recent orders' });
    expect(await within(recent).findAllByRole('listitem')).toHaveLength(3);
    const first = within(recent).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Order #1050' })).toBeInTheDocument();
    expect(first).toHaveTextContent('$456.00');
    expect(within(first).getByRole('button', { name: 'Order again' })).toBeInTheDocument();
  });

  it('says what to do when nothing is on its way, nothing is owed and nothing was ordered', async () => {
    renderHome({
      orders: () => page([]),
      outstanding: () => jsonResponse(200, { items: [], next_cursor: null, as_of: '2025-03-30' }),
    });
    expect(await screen.findByText(/Nothing on its way/)).toBeInTheDocument();
    expect(await screen.findByText('Nothing to pay: every invoice is paid.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay outstanding' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Place your first order' })).toHaveAttribute(
      'href',
      '/orders/create',
    );
  });
});
