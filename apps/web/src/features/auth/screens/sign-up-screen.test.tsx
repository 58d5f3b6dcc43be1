import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { renderRoutes } from '#testing/render-routes.tsx';
import { SignUpScreen } from './sign-up-screen.tsx';
import { getInvitationByToken, signUp } from '@tradeport/contract';

const routes = [
  { path: '/sign-up', element: <SignUpScreen /> },
  { path: '/sign-up-organisation', element: <p>Organisation step</p> },
  { path: '/sign-up/verify-email', element: <p>Confirm email step</p> },
  { path: '/', element: <p>Home page</p> },
  { path: '/sign-in', element: <p>Sign-in page</p> },
];

const token = { access_token: 'token-1', expires_at: '2099-01-01T00:00:00.000Z' };
const INVITATION_TOKEN = 'invitation-token-0123456789';
const HARBOUR_ID = '00000000-0000-4000-8000-000000000001';

afterEach(() => vi.unstubAllGlobals());

/** What the ALTCHA widget announces once it has solved its challenge. */
async function solveBotCheck(payload = 'proof-1') {
  await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
  // Let the widget settle first (in jsdom, not being a secure context, its own attempt fails).
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  const widget = document.querySelector('altcha-widget');
  act(() => {
    widget?.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

async function fill(values: { name?: string; email?: string; password?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByRole('textbox', { name: /^Your name/ }), values.name);
  if (values.email) await user.type(screen.getByRole('textbox', { name: /^Email/ }), values.email);
  if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
  return user;
}

const fieldError = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('SignUpScreen', () => {
  it('has one heading, labelled fields and the bot check', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).stub);
    renderRoutes(routes, '/sign-up');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /^Your name/ })).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'new-password');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    // React sets it as a property once the element is defined.
    const widget = document.querySelector<HTMLElement & { challenge?: string }>('altcha-widget');
    expect(widget?.challenge ?? widget?.getAttribute('challenge')).toBe('/api/v1/altcha/challenge');
  });

  it('checks the form with the contract schema before sending, bot check included', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-up');
    const user = await fill({ email: 'not-an-email', password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(fieldError(/^Your name/)).toBe('Enter your name'));
    expect(fieldError(/^Email/)).toBe('Enter a valid email address');
    expect(fieldError(/^Password/)).toBe('Use at least 8 characters');
    expect(screen.getByText('Complete the bot check')).toBeInTheDocument();
    expect(api.requestsTo(route(signUp))).toHaveLength(0);
  });

  it('shows the server refusals on their fields: taken email, weak password', async () => {
    const api = fakeFetch({
      [route(signUp)]: answer(400, {
        error_code: 'VALIDATION_ERROR',
        message: 'Some fields need attention',
        details: [
          { path: 'body.email', message: 'That email already has an account' },
          { path: 'body.password', message: 'That password is too common' },
        ],
      }),
    });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-up');
    const user = await fill({ name: 'Mia Chen', email: 'mia@example.com', password: 'password1' });
    await solveBotCheck();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(fieldError(/^Email/)).toBe('That email already has an account'));
    expect(fieldError(/^Password/)).toBe('That password is too common');
    // Shown beside the fields, not as a toast.
    expect(screen.queryByText(/VALIDATION ERROR/)).toBeNull();
    expect(sessionStore.get()).toBeNull();
    expect(api.requestsTo(route(signUp))[0]?.body).toEqual({
      name: 'Mia Chen',
      email: 'mia@example.com',
      password: 'password1',
      altcha: 'proof-1',
    });
  });

  it('asks for a fresh bot check when the server refuses the proof', async () => {
    const api = fakeFetch({
      [route(signUp)]: answer(400, {
        error_code: 'VALIDATION_ERROR',
        message: 'Bot check failed',
        details: [
          { path: 'body.altcha', message: 'This bot check was already used; please solve it again.' },
        ],
      }),
    });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-up');
    const user = await fill({ name: 'Mia Chen', email: 'mia@example.com', password: 'correct horse' });
    await solveBotCheck();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('This bot check was already used; please solve it again.'),
    ).toBeInTheDocument();
    // The spent proof is dropped: submitting again asks for a new one instead of resending it.
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(api.requestsTo(route(signUp))).toHaveLength(1);
  });

  it('signs the new person in and asks for the emailed code before setting up their organisation', async () => {
    const api = fakeFetch({ [route(signUp)]: answer(201, token) });
    vi.stubGlobal('fetch', api.stub);
    const { router } = renderRoutes(routes, '/sign-up');
    const user = await fill({ name: 'Mia Chen', email: 'Mia@Example.com', password: 'correct horse' });
    await solveBotCheck();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Confirm email step')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-up/verify-email');
    expect(router.state.location.search).toBe('?next=%2Fsign-up-organisation');
    expect(sessionStore.get()).toEqual({ accessToken: 'token-1', expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(api.requestsTo(route(signUp))[0]?.headers.get('x-page-path')).toBe('/');
  });

  it('joins the inviting organisation from an emailed link', async () => {
    const api = fakeFetch({
      [route(getInvitationByToken, { token: INVITATION_TOKEN })]: answer(200, {
        organisation_id: HARBOUR_ID,
        organisation_title: 'Harbour Wholesale',
        email: 'sam@example.com',
        has_account: false,
      }),
      [route(signUp)]: answer(201, token),
    });
    vi.stubGlobal('fetch', api.stub);
    const { router } = renderRoutes(routes, `/sign-up?invitation=${INVITATION_TOKEN}`);

    expect(await screen.findByText("You've been invited to join Harbour Wholesale")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('sam@example.com'),
    );
    const user = await fill({ name: 'Sam Lee', password: 'correct horse' });
    await solveBotCheck('proof-2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(organisationIdStore.get()).toBe(HARBOUR_ID);
    expect(api.requestsTo(route(signUp))[0]?.body).toEqual({
      name: 'Sam Lee',
      email: 'sam@example.com',
      password: 'correct horse',
      altcha: 'proof-2',
      invitation_token: INVITATION_TOKEN,
    });
  });

  it('sends someone who already has an account to sign in and accept', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [route(getInvitationByToken, { token: INVITATION_TOKEN })]: answer(200, {
          organisation_id: HARBOUR_ID,
          organisation_title: 'Harbour Wholesale',
          email: 'mia@example.com',
          has_account: true,
        }),
      }).stub,
    );
    renderRoutes(routes, `/sign-up?invitation=${INVITATION_TOKEN}`);

    const link = await screen.findByRole('link', { name: 'Sign in to accept the invitation' });
    const returnUrl = new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('returnUrl');
    expect(returnUrl).toBe(`/user/invitations?token=${INVITATION_TOKEN}&organisation=${HARBOUR_ID}`);
  });

  it('says so when the invitation link no longer works, and signs up without it', async () => {
    const api = fakeFetch({
      [route(getInvitationByToken, { token: INVITATION_TOKEN })]: answer(404, {
        error_code: 'NOT_FOUND',
        message: 'Invitation not found',
      }),
      [route(signUp)]: answer(201, token),
    });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, `/sign-up?invitation=${INVITATION_TOKEN}`);

    expect(await screen.findByText('This invitation link no longer works')).toBeInTheDocument();
    expect(screen.queryByText(/NOT FOUND/)).toBeNull();
    const user = await fill({ name: 'Sam Lee', email: 'sam@example.com', password: 'correct horse' });
    await solveBotCheck();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Confirm email step')).toBeInTheDocument();
    expect(api.requestsTo(route(signUp))[0]?.body).not.toHaveProperty('invitation_token');
  });
});
