import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '#testing/render-routes.tsx';
import { SignInScreen } from './sign-in-screen.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/sign-in', element: <SignInScreen /> },
  { path: '/', element: <p>Home page</p> },
  { path: '/orders', element: <p>Orders page</p> },
];

const token = { access_token: 'token-1', expires_at: '2099-01-01T00:00:00.000Z' };

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInScreen', () => {
  it('has one heading and labelled fields', () => {
    renderRoutes(routes, '/sign-in');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
  });

  it('checks the form with the contract schema before sending anything', async () => {
    renderRoutes(routes, '/sign-in');
    await fillAndSubmit('not-an-email', '');

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Enter a valid email address',
      'Enter your password',
    ]);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for an email address when the field is empty', async () => {
    renderRoutes(routes, '/sign-in');
    await fillAndSubmit('', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your email address');
  });

  it('shows wrong credentials inline, once, and stays on the page', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error_code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' }),
    );
    const { router } = renderRoutes(routes, '/sign-in?returnUrl=%2Forders');
    await fillAndSubmit('mia@example.com', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
    // Shown inline only: no toast repeats it, and a wrong password is no reason to leave the page.
    expect(screen.getAllByText('Email or password is incorrect.')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(localStorage.getItem('tradeport.session')).toBeNull();
  });

  it('signs in, keeps the session and returns to the returnUrl', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, token));
    const { router } = renderRoutes(routes, '/sign-in?returnUrl=%2Forders%3Fstatus%3DSHIPPED');
    await fillAndSubmit(' Mia@Example.com ', 'correct horse');

    expect(await screen.findByText('Orders page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=SHIPPED');
    expect(JSON.parse(localStorage.getItem('tradeport.session') ?? 'null')).toEqual({
      accessToken: 'token-1',
      expiresAt: '2099-01-01T00:00:00.000Z',
    });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/sign-in');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    // The contract's schema trims and lower-cases the email before it is sent.
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'mia@example.com', password: 'correct horse' });
    expect(new Headers(init?.headers).get('x-page-path')).toBe('/');
  });

  it('goes to / instead of an unsafe returnUrl', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, token));
    renderRoutes(routes, '/sign-in?returnUrl=%2F%2Fevil.example');
    await fillAndSubmit('mia@example.com', 'correct horse');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('shows that it is working while the server answers', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderRoutes(routes, '/sign-in');
    await fillAndSubmit('mia@example.com', 'correct horse');

    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    expect(button).toBeDisabled();
    answer(jsonResponse(200, token));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('leaves other failures to the error toast', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, { error_code: 'RATE_LIMITED', message: 'Try again in a minute.' }),
    );
    renderRoutes(routes, '/sign-in');
    await fillAndSubmit('mia@example.com', 'correct horse');
    expect(await screen.findByText('RATE LIMITED - Try again in a minute.')).toBeInTheDocument();
    // The toast is the only alert: the form adds no inline message of its own.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('RATE LIMITED - Try again in a minute.');
  });
});

describe('SignInScreen for a merchant (?merchant=<slug>)', () => {
  it("shows the merchant's title and logo above the form", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/v1/organisations/login/slug/harbour-wholesale'
        ? jsonResponse(200, {
            title: 'Harbour Wholesale',
            image: '/files/harbour.png',
            slug: 'harbour-wholesale',
          })
        : jsonResponse(404, { error_code: 'NOT_FOUND', message: 'Not found' }),
    );
    renderRoutes(routes, '/sign-in?merchant=harbour-wholesale');

    expect(await screen.findByText('Harbour Wholesale')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Harbour Wholesale logo' })).toHaveAttribute(
      'src',
      '/files/harbour.png',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('falls back to the plain page for an unknown merchant, without a toast', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { error_code: 'NOT_FOUND', message: 'No such merchant' }));
    renderRoutes(routes, '/sign-in?merchant=nobody');

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/organisations/login/slug/nobody');
    expect(await screen.findByText('Tradeport')).toBeInTheDocument();
    expect(screen.queryByText(/NOT FOUND/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks for no merchant without ?merchant', () => {
    renderRoutes(routes, '/sign-in');
    expect(screen.getByText('Tradeport')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
