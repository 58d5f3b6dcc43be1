import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCurrentUser, getMerchantHome, type MerchantHome as Figures } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { MerchantHome } from './merchant-home.tsx';

afterEach(() => vi.unstubAllGlobals());

const HOME = route(getMerchantHome, { id: harbour.id });

const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    return {
      date,
      total_cents: i === count - 1 ? 12_345 : i === 0 ? 100_000 : 0,
      order_count: i === 0 || i === count - 1 ? 1 : 0,
    };
  });

const figures: Figures = {
  as_of: '2026-03-31',
  time_zone: 'Australia/Sydney',
  processing_count: 12,
  on_hold_count: 2,
  delivering_today_count: 7,
  new_since_yesterday_count: 1_234,
  overdue_cents: 456_789,
  overdue_count: 3,
  sales: {
    from: '2026-03-02',
    to: '2026-03-31',
    total_cents: 112_345,
    order_count: 2,
    by_day: days('2026-03-02', 30),
  },
};

function renderHome(handler: FakeHandler) {
  const fake = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, merchantUser),
    [HOME]: handler,
  });
  vi.stubGlobal('fetch', fake.stub);
  sessionStore.set(longSession);
  organisationIdStore.set(harbour.id);
  return renderRoutes(
    withQueryClient([
      { path: '/', element: <MerchantHome /> },
      { path: '/orders', element: <h1>Orders page</h1> },
    ]),
    '/',
  );
}

describe('MerchantHome', () => {
  it('shows today at a glance, each figure linking to where it is worked on', async () => {
    renderHome(() => jsonResponse(200, figures));

    expect(await screen.findByRole('heading', { level: 2, name: 'Today, 31/03/2026' })).toBeInTheDocument();
    const toProcess = screen.getByRole('group', { name: 'To process' });
    expect(toProcess).toHaveTextContent('12');
    expect(toProcess).toHaveTextContent('2 orders on hold');
    expect(within(toProcess).getByRole('link', { name: 'View orders to process' })).toHaveAttribute(
      'href',
      '/orders?status=PROCESSING',
    );
    expect(
      within(screen.getByRole('group', { name: 'To deliver today' })).getByRole('link', {
        name: 'View today’s deliveries',
      }),
    ).toHaveAttribute(
      'href',
      '/orders?status=PROCESSING%2CON_HOLD%2CSHIPPED&delivery_from=2026-03-31&delivery_to=2026-03-31',
    );
    expect(screen.getByRole('group', { name: 'New since yesterday' })).toHaveTextContent('1,234');
    const overdue = screen.getByRole('group', { name: 'Overdue' });
    expect(overdue).toHaveTextContent('$4,567.89');
    expect(overdue).toHaveTextContent('3 invoices');

    const sales = screen.getByRole('region', { name: 'Sales, last 30 days' });
    expect(sales).toHaveTextContent('$1,123.45');
    expect(sales).toHaveTextContent('from 2 orders');
    expect(sales).toHaveTextContent('02/03/2026 to 31/03/2026');
    expect(
      await within(sales).findByRole('img', {
        name: 'Area chart of sales per day from 02/03/2026 to 31/03/2026',
      }),
    ).toBeInTheDocument();

    const quick = screen.getByRole('group', { name: 'Quick links' });
    expect(within(quick).getByRole('link', { name: 'New order' })).toHaveAttribute('href', '/orders/create');
  });

  it('says so when nothing was sold in the last 30 days, with no chart', async () => {
    renderHome(() =>
      jsonResponse(200, {
        ...figures,
        sales: { ...figures.sales, total_cents: 0, order_count: 0, by_day: [] },
      }),
    );
    expect(await screen.findByText(/No orders in the last 30 days yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Area chart/ })).toBeNull();
  });

  it('offers to try again when the figures cannot be loaded, and then shows them', async () => {
    let calls = 0;
    renderHome(() =>
      ++calls === 1
        ? jsonResponse(429, { error_code: 'RATE_LIMITED', message: 'Try again shortly.' })
        : jsonResponse(200, figures),
    );
    const alert = (await screen.findByText('Today’s figures could not be loaded')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(alert).toHaveTextContent('Try again shortly.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'To process' })).toHaveTextContent('12');
  });
});
