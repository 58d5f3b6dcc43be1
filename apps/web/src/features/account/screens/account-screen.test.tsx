import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { longSession } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { AccountScreen } from './account-screen.tsx';
import { changePassword, getAccount, updateAccount } from '@tradeport/contract';

const profile = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Mia Chen',
  email: 'mia@example.com',
  image: null,
  email_verified: true,
};
const routes = withQueryClient([{ path: '/user/account', element: <AccountScreen /> }]);

beforeEach(() => sessionStore.set(longSession));
afterEach(() => vi.unstubAllGlobals());

describe('AccountScreen', () => {
  it('shows the profile with the email read-only', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [route(getAccount)]: answer(200, profile) }).stub);
    renderRoutes(routes, '/user/account');

    expect(screen.getByRole('heading', { level: 1, name: 'User account' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Mia Chen');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('readonly');
  });

  it('saves the name and picture', async () => {
    const api = fakeFetch({
      [route(getAccount)]: answer(200, profile),
      [route(updateAccount)]: ({ body }) => jsonResponse(200, { ...profile, ...(body as object) }),
    });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/user/account');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Mia Chen-Lee ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(api.requestsTo(route(updateAccount))[0]?.body).toEqual({
      name: 'Mia Chen-Lee',
      image: null,
    });
  });

  it('changes the password, checking the confirmation first', async () => {
    const api = fakeFetch({
      [route(getAccount)]: answer(200, profile),
      [route(changePassword)]: answer(200, { changed: true }),
    });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/user/account');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/^Current password/), 'old password');
    await user.type(screen.getByLabelText(/^New password/), 'a new long password');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a new long passwort');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(api.requestsTo(route(changePassword))).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Password changed. Your other sessions have been signed out.'),
    ).toBeInTheDocument();
    expect(api.requestsTo(route(changePassword))[0]?.body).toEqual({
      current_password: 'old password',
      new_password: 'a new long password',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveValue(''));
  });

  it('shows a wrong current password on its field', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [route(getAccount)]: answer(200, profile),
        [route(changePassword)]: answer(400, {
          error_code: 'VALIDATION_ERROR',
          message: 'Check the form',
          details: [{ path: 'body.current_password', message: 'That is not your current password' }],
        }),
      }).stub,
    );
    renderRoutes(routes, '/user/account');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Current password/), 'wrong password');
    await user.type(screen.getByLabelText(/^New password/), 'a new long password');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('That is not your current password')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
  });
});
