import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '#lib/session.ts';
import { longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes } from '#testing/render-routes.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { appRoutes } from './router.tsx';

// Support (in the shell) and Sign up (outside it) stand in for any screen with a bug.
const screenState = vi.hoisted(() => ({ isBroken: true }));
vi.mock('#features/support/screens/support-screen.tsx', () => ({ SupportScreen: BrokenUntilFixed }));
vi.mock('#features/auth/screens/sign-up-screen.tsx', () => ({ SignUpScreen: BrokenUntilFixed }));

beforeEach(() => {
  screenState.isBroken = true;
  // React and the router report the caught error on the console; that is expected here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('route error boundary', () => {
  it('shows a recoverable error inside the shell, keeping the menu', async () => {
    sessionStore.set(longSession);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, merchantUser)),
    );
    renderRoutes(appRoutes, '/support');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/This page stopped working/)).toBeInTheDocument();
    expect(screen.queryByText('Cannot read properties of undefined')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('renders the screen again on "Try again", keeping the address', async () => {
    const routes = [
      { errorElement: <RouteErrorPage />, children: [{ path: '/support', element: <BrokenUntilFixed /> }] },
    ];
    const { router } = renderRoutes(routes, '/support?topic=billing');

    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    screenState.isBroken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?topic=billing');
  });

  it('shows on its own page when a screen outside the shell throws', async () => {
    renderRoutes(appRoutes, '/sign-up');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

// A function declaration, so the hoisted mocks above can name it.
function BrokenUntilFixed() {
  if (screenState.isBroken) throw new Error('Cannot read properties of undefined');
  return <h1>Support</h1>;
}
