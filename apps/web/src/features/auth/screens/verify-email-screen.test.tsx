import { resendEmailVerification, verifyEmail } from '@tradeport/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { longSession } from '#testing/fixtures.ts';
import { renderRoutes } from '#testing/render-routes.tsx';
import { VerifyEmailScreen } from './verify-email-screen.tsx';

const routes = [
  { path: '/sign-up/verify-email', element: <VerifyEmailScreen /> },
  { path: '/sign-up-organisation', element: <p>Organisation step</p> },
  { path: '/user/invitations', element: <p>Invitations page</p> },
];

beforeEach(() => sessionStore.set(longSession));
afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailScreen', () => {
  it('has one heading and a labelled code field', () => {
    renderRoutes(routes, '/sign-up/verify-email');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Confirm email' })).toHaveAttribute('type', 'submit');
  });

  it('asks for the code before sending anything', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-up/verify-email');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByText('Enter the code from the email')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('sends the typed code and goes on to the next sign-up step', async () => {
    const api = fakeFetch({ [route(verifyEmail)]: answer(200, { verified: true }) });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-up/verify-email?next=%2Fsign-up-organisation');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));

    expect(await screen.findByText('Organisation step')).toBeInTheDocument();
    expect(api.requestsTo(route(verifyEmail))[0]?.body).toEqual({
      code: 'ABCDE-FGHJK',
    });
  });

  it('fills the code from the emailed link and shows a refusal on the field', async () => {
    const api = fakeFetch({
      [route(verifyEmail)]: answer(400, {
        error_code: 'VALIDATION_ERROR',
        message: 'This code is wrong or has expired.',
        details: [{ path: 'body.code', message: 'This code is wrong or has expired.' }],
      }),
    });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-up/verify-email?code=OLD-CODE');
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveValue('OLD-CODE');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm email' }));

    expect(await screen.findByText('This code is wrong or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a new code on request', async () => {
    const api = fakeFetch({
      [route(resendEmailVerification)]: answer(202, { accepted: true }),
    });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-up/verify-email');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We sent you a new code.')).toBeInTheDocument();
    expect(api.requestsTo(route(resendEmailVerification))).toHaveLength(1);
  });

  it('does not follow a next address to another site', async () => {
    renderRoutes(routes, '/sign-up/verify-email?next=%2F%2Fevil.example');
    expect(screen.getByRole('link', { name: 'Do this later' })).toHaveAttribute('href', '/user/invitations');
  });
});
