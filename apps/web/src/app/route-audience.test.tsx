import { screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '#lib/session.ts';
import { bayside, harbour, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes } from '#testing/render-routes.tsx';
import { appRoutes } from './router.tsx';

const fetchMock = vi.fn<typeof fetch>();

const cafeAdmin: CurrentUser = {
  ...merchantUser,
  is_merchant: false,
  settings: { payments_enabled: false, advanced_tax_enabled: false },
  customer: { payment_settings: { is_payments_enabled: true } },
  merchant: { title: 'Harbour Wholesale', image: null },
  organisations: [{ ...harbour, title: 'Bean There Café' }],
};

const newcomer: CurrentUser = {
  ...merchantUser,
  is_merchant: false,
  settings: { payments_enabled: false, advanced_tax_enabled: false },
  organisations: [],
};

function serve(currentUser: CurrentUser) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/v1/users/current') return jsonResponse(200, currentUser);
    // A merchant screen that loaded would ask for its data; the refusal would say "Only merchants…".
    return jsonResponse(403, { error_code: 'FORBIDDEN', message: 'Only merchants can do this.' });
  });
}

const calledUrls = () => fetchMock.mock.calls.map(([input]) => String(input));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.set(longSession);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('who a screen is for (one rule for the menu and the router)', () => {
  it.each([
    '/products',
    '/customers',
    '/pricing',
    '/visibility',
    '/brands',
    '/reports',
    '/organisations/billing',
  ])('shows a café user the not-found page at the merchant address %s', async (path) => {
    serve(cafeAdmin);
    renderRoutes(appRoutes, path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /import|export|create|new/i })).toBeNull();
    expect(calledUrls()).toEqual(['/api/v1/users/current']);
    await waitFor(() => expect(document.title).toBe('Page not found · Tradeport'));
  });

  it('still shows a merchant the merchant screens', async () => {
    serve({ ...merchantUser, organisations: [harbour, bayside] });
    renderRoutes(appRoutes, '/organisations/billing');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organisation billing' }),
    ).toBeInTheDocument();
  });

  it('gives a café Admin no billing entry and a café its ordering screens', async () => {
    serve(cafeAdmin);
    renderRoutes(appRoutes, '/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'All Orders' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Organisation details' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Organisation billing' })).toBeNull();
  });

  it('gives a person with no organisation yet a menu for their state, not the café one', async () => {
    serve(newcomer);
    renderRoutes(appRoutes, '/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('group', { name: 'Ordering' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'All Orders' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Set up your organisation' })).toHaveAttribute(
      'href',
      '/sign-up-organisation',
    );
    expect(within(nav).getByRole('link', { name: 'User account' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'See your invitations' })).toHaveAttribute(
      'href',
      '/user/invitations',
    );
  });

  it('shows a person with no organisation yet the not-found page for ordering screens', async () => {
    serve(newcomer);
    renderRoutes(appRoutes, '/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(calledUrls()).toEqual(['/api/v1/users/current']));
  });
});
