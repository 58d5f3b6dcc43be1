import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '#lib/navigation.ts';
import { sessionStore } from '#lib/session.ts';
import { isQuickBooksSettingsUrl, longSession, merchantUser, quickBooksNotSetUp } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes } from '#testing/render-routes.tsx';
import { appRoutes } from '../router.tsx';

const fetchMock = vi.fn<typeof fetch>();
const unauthorized = () =>
  jsonResponse(401, { error_code: 'UNAUTHORIZED', message: 'Your session has ended.' });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator((to) => window.location.assign(to));
});

describe('a returning person whose sign-in is over', () => {
  it('goes to sign-in at once when the stored token has lapsed and the refresh cookie is revoked', async () => {
    sessionStore.set({ accessToken: 'lapsed-token', expiresAt: '2020-01-01T00:00:00.000Z' });
    fetchMock.mockImplementation(async () => unauthorized());
    const { router } = renderRoutes(appRoutes, '/customers?page=2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('?returnUrl=%2Fcustomers%3Fpage%3D2');
    expect(sessionStore.get()).toBeNull();
  });

  it('goes to sign-in when the server no longer accepts a token that has not lapsed', async () => {
    sessionStore.set(longSession);
    fetchMock.mockImplementation(async () => unauthorized());
    const { router } = renderRoutes(appRoutes, '/orders');
    setNavigator((to) => void router.navigate(to, { replace: true }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('?returnUrl=%2Forders');
  });

  it('stays on the screen when the refresh cookie gives a new token', async () => {
    sessionStore.set({ accessToken: 'lapsed-token', expiresAt: '2020-01-01T00:00:00.000Z' });
    fetchMock.mockImplementation(async (input) => {
      // The screen's own data, asked for with the new token.
      if (isQuickBooksSettingsUrl(String(input))) return jsonResponse(200, quickBooksNotSetUp);
      switch (String(input)) {
        case '/api/v1/auth/refresh':
          return jsonResponse(200, { access_token: 'fresh-token', expires_at: '2099-01-01T00:00:00.000Z' });
        case '/api/v1/users/current':
          return jsonResponse(200, merchantUser);
        default:
          return unauthorized();
      }
    });
    const { router } = renderRoutes(appRoutes, '/quickbooks/settings');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'QuickBooks accounting integration settings' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quickbooks/settings');
    expect(sessionStore.get()?.accessToken).toBe('fresh-token');
  });
});
