import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import {
  bayside,
  emptyMerchantHome,
  harbour,
  isQuickBooksSettingsUrl,
  longSession,
  merchantUser,
  quickBooksNotSetUp,
} from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes } from '#testing/render-routes.tsx';
import { appRoutes } from './router.tsx';

const fetchMock = vi.fn<typeof fetch>();

function serve(currentUser: CurrentUser) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    // What `/` asks for: a merchant's home figures; a customer's orders and merchants (none yet).
    if (/^\/api\/v1\/reports\/[^/]+\/home$/.test(url)) return jsonResponse(200, emptyMerchantHome);
    if (url.startsWith('/api/v1/orders/organisation/'))
      return jsonResponse(200, { items: [], next_cursor: null });
    if (url === '/api/v1/organisations/merchant') return jsonResponse(200, []);
    // What /quickbooks/settings asks for: a server without QuickBooks' keys.
    if (isQuickBooksSettingsUrl(url)) return jsonResponse(200, quickBooksNotSetUp);
    switch (url) {
      case '/api/v1/users/current':
        return jsonResponse(200, currentUser);
      case '/api/v1/auth/sign-out':
        return jsonResponse(200, { signed_out: true });
      default:
        return jsonResponse(401, { error_code: 'UNAUTHORIZED', message: 'No session.' });
    }
  });
}

const calledUrls = () => fetchMock.mock.calls.map(([input]) => String(input));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app routes', () => {
  it('sends a visitor without a session to sign-in, keeping where they were going', async () => {
    serve(merchantUser);
    const { router } = renderRoutes(appRoutes, '/orders?page=2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('?returnUrl=%2Forders%3Fpage%3D2');
    expect(calledUrls()).toEqual(['/api/v1/auth/refresh']);
    await waitFor(() => expect(document.title).toBe('Sign in · Tradeport'));
  });

  it('shows an auth screen plainly, without navigation or a session check', async () => {
    renderRoutes(appRoutes, '/sign-up');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows organisation set-up with no session check, as SPEC §2 lists it', async () => {
    renderRoutes(appRoutes, '/sign-up-organisation');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your organisation' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows organisation set-up to a signed-in person without the menu', async () => {
    sessionStore.set(longSession);
    serve(merchantUser);
    renderRoutes(appRoutes, '/sign-up-organisation');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your organisation' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renders a page inside the shell with its title, menu and organisation switcher', async () => {
    sessionStore.set(longSession);
    serve(merchantUser);
    renderRoutes(appRoutes, '/quickbooks/settings');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'QuickBooks accounting integration settings' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/QUICKBOOKS_CLIENT_ID/)).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('QuickBooks accounting integration settings · Tradeport'),
    );

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('group', { name: 'Sales' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'QuickBooks' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Invitations' })).toBeNull();
    expect(within(nav).getByRole('combobox', { name: 'Organisation' })).toHaveValue('Harbour Wholesale');
    expect(screen.getByRole('banner')).toHaveTextContent('Harbour Wholesale');
    // The organisation chosen for the person is remembered for the next calls.
    await waitFor(() => expect(organisationIdStore.get()).toBe(harbour.id));
  });

  it('shows customers the merchant portal wording and no switcher for a single organisation', async () => {
    sessionStore.set(longSession);
    serve({
      ...merchantUser,
      is_merchant: false,
      customer: { payment_settings: { is_payments_enabled: false } },
      merchant: { title: 'Harbour Wholesale', image: null },
      organisations: [{ ...bayside, title: 'Café Aroma' }],
    });
    renderRoutes(appRoutes, '/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Mia Chen.')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Harbour Wholesale Ordering Portal');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('group', { name: 'Ordering' })).toBeInTheDocument();
    expect(within(nav).queryByRole('combobox', { name: 'Organisation' })).toBeNull();
  });

  it('switches organisation: stores it, reloads the account for it and returns to /', async () => {
    sessionStore.set(longSession);
    organisationIdStore.set(harbour.id);
    serve(merchantUser);
    const { router } = renderRoutes(appRoutes, '/quickbooks/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: 'Organisation' }));
    await user.click(await screen.findByRole('option', { name: 'Bayside Produce' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(organisationIdStore.get()).toBe(bayside.id);
    await waitFor(() => {
      const [, init] = fetchMock.mock.calls.at(-1) ?? [];
      expect(new Headers(init?.headers).get('x-organisation-id')).toBe(bayside.id);
    });
  });

  it('logs out: revokes the cookie, forgets local state and goes to sign-in', async () => {
    sessionStore.set(longSession);
    organisationIdStore.set(harbour.id);
    serve(merchantUser);
    const { router } = renderRoutes(appRoutes, '/logout');

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(calledUrls()).toContain('/api/v1/auth/sign-out');
    expect(sessionStore.get()).toBeNull();
    expect(organisationIdStore.get()).toBeNull();
  });
});
