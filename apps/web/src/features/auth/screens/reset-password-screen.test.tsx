import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { longSession } from '#testing/fixtures.ts';
import { renderRoutes } from '#testing/render-routes.tsx';
import { RESET_SENT_MESSAGE, ResetPasswordScreen } from './reset-password-screen.tsx';
import { ResetPasswordVerifyScreen } from './reset-password-verify-screen.tsx';
import { requestPasswordReset, verifyPasswordReset } from '@tradeport/contract';

const routes = [
  { path: '/sign-in/reset-password', element: <ResetPasswordScreen /> },
  { path: '/sign-in/reset-password/verify', element: <ResetPasswordVerifyScreen /> },
  { path: '/sign-in', element: <p>Sign-in page</p> },
];

afterEach(() => vi.unstubAllGlobals());

async function requestCode(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return user;
}

describe('ResetPasswordScreen', () => {
  it('says the same thing whether or not the email has an account', async () => {
    for (const email of ['mia@example.com', 'nobody@example.com']) {
      const api = fakeFetch({ [route(requestPasswordReset)]: answer(202, { accepted: true }) });
      vi.stubGlobal('fetch', api.stub);
      const view = renderRoutes(routes, '/sign-in/reset-password');
      await requestCode(email);

      expect(await screen.findByRole('status')).toHaveTextContent(RESET_SENT_MESSAGE);
      expect(RESET_SENT_MESSAGE).toBe("If an account exists for that email, we've sent a code");
      expect(screen.getByRole('link', { name: 'Enter the code' })).toHaveAttribute(
        'href',
        `/sign-in/reset-password/verify?email=${encodeURIComponent(email)}`,
      );
      expect(api.requestsTo(route(requestPasswordReset))[0]?.body).toEqual({ email });
      view.unmount();
    }
  });

  it('checks the email before sending', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-in/reset-password');
    await requestCode('mia@');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(api.stub).not.toHaveBeenCalled();
  });

  it('shows RATE_LIMITED as the SPEC §8 toast and stays on the form', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [route(requestPasswordReset)]: answer(429, {
          error_code: 'RATE_LIMITED',
          message: 'Too many requests; try again in a few minutes.',
        }),
      }).stub,
    );
    renderRoutes(routes, '/sign-in/reset-password');
    await requestCode('mia@example.com');

    expect(
      await screen.findByText('RATE LIMITED - Too many requests; try again in a few minutes.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(RESET_SENT_MESSAGE, { exact: false })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });
});

describe('ResetPasswordVerifyScreen', () => {
  it('fills in the email and the code from the emailed link', () => {
    vi.stubGlobal('fetch', fakeFetch({}).stub);
    renderRoutes(routes, '/sign-in/reset-password/verify?email=mia%40example.com&code=ABC123');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('mia@example.com');
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveValue('ABC123');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('sets the new password, forgets this browser’s session and offers sign-in', async () => {
    sessionStore.set(longSession);
    const api = fakeFetch({ [route(verifyPasswordReset)]: answer(200, { reset: true }) });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-in/reset-password/verify?email=mia%40example.com');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), ' ABC123 ');
    await user.type(screen.getByLabelText(/^New password/), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(sessionStore.get()).toBeNull();
    expect(api.requestsTo(route(verifyPasswordReset))[0]?.body).toEqual({
      email: 'mia@example.com',
      code: 'ABC123',
      new_password: 'a new long password',
    });
  });

  it('shows a wrong or expired code on the code field', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [route(verifyPasswordReset)]: answer(400, {
          error_code: 'VALIDATION_ERROR',
          message: 'The code is wrong or has expired.',
          details: [{ path: 'body.code', message: 'The code is wrong or has expired.' }],
        }),
      }).stub,
    );
    renderRoutes(routes, '/sign-in/reset-password/verify?email=mia%40example.com&code=WRONG');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The code is wrong or has expired.');
  });
});
