import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  completeStripeConnect,
  disconnectStripe,
  getCurrentUser,
  getStripeSettings,
  startStripeConnect,
  updateStripeSettings,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { harbourUser, stripeSettingsFixture } from '../testing/card-payment-fixtures.ts';
import { StripeSettingsScreen } from './stripe-settings-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const SETTINGS = route(getStripeSettings, { id: harbour.id });
const CONNECT = route(startStripeConnect, { id: harbour.id });
const OAUTH = route(completeStripeConnect, { id: harbour.id });
const UPDATE = route(updateStripeSettings, { id: harbour.id });
const DISCONNECT = route(disconnectStripe, { id: harbour.id });

const connected = stripeSettingsFixture({
  status: 'CONNECTED',
  stripe_account_id: 'acct_1Harbour',
  is_charges_enabled: true,
  is_details_submitted: true,
  connected_at: '2025-03-04T01:00:00.000Z',
  version: 4,
});

function show(options: { handlers?: Record<string, FakeHandler>; path?: string; asUser?: boolean } = {}) {
  const api = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, options.asUser ? harbourUser : merchantUser),
    [SETTINGS]: () => jsonResponse(200, stripeSettingsFixture()),
    ...options.handlers,
  });
  vi.stubGlobal('fetch', api.stub);
  const view = renderAsMerchant(
    [{ path: '/stripe/settings', element: <StripeSettingsScreen /> }],
    options.path ?? '/stripe/settings',
  );
  return { api, ...view };
}

describe('StripeSettingsScreen', () => {
  it('says card payments are not set up, and what sets them up, when the server has no Stripe keys', async () => {
    show({ handlers: { [SETTINGS]: () => jsonResponse(200, stripeSettingsFixture({ is_set_up: false })) } });

    const alert = await screen.findByText('Card payments are not set up');
    const box = alert.closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    for (const key of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_CLIENT_ID',
    ]) {
      expect(within(box).getByText(key)).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Connect with Stripe' })).not.toBeInTheDocument();
  });

  it('offers to connect, and asks Stripe’s consent page for this merchant', async () => {
    const { api } = show({
      handlers: {
        // Refused here so the test stays on the page (jsdom cannot follow a full-page navigation).
        [CONNECT]: () =>
          jsonResponse(409, { error_code: 'CONFLICT', message: 'A Stripe account is already connected.' }),
      },
    });
    const account = within(await screen.findByRole('region', { name: 'Stripe account' }));
    expect(screen.getByRole('switch', { name: /Pass card fees on to payers/ })).toBeDisabled();

    await userEvent.click(account.getByRole('button', { name: 'Connect with Stripe' }));

    expect(await account.findByRole('alert')).toHaveTextContent('A Stripe account is already connected.');
    expect(api.requestsTo(CONNECT)).toHaveLength(1);
  });

  it('finishes connecting with the code Stripe sent back, once, and cleans the address', async () => {
    const { api, router } = show({
      path: '/stripe/settings?code=ac_123&state=signed-state&scope=read_write',
      handlers: { [OAUTH]: () => jsonResponse(200, connected) },
    });

    // After the "Connecting your Stripe account" status, which it replaces.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Stripe account connected'));
    const account = within(screen.getByRole('region', { name: 'Stripe account' }));
    expect(account.getByText('Connected')).toBeInTheDocument();
    expect(account.getByText('acct_1Harbour')).toBeInTheDocument();
    expect(api.requestsTo(OAUTH).map((request) => request.body)).toEqual([
      { code: 'ac_123', state: 'signed-state' },
    ]);
    expect(router.state.location.search).toBe('');
  });

  it('keeps the connected account when the page’s first load answers after the code’s exchange', async () => {
    let exchanged: () => void = () => {};
    const exchange = new Promise<void>((resolve) => (exchanged = resolve));
    show({
      path: '/stripe/settings?code=ac_123&state=signed-state&scope=read_write',
      handlers: {
        // Read before the exchange was saved, answered after it: older news.
        [SETTINGS]: async () => {
          await exchange;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return jsonResponse(200, stripeSettingsFixture());
        },
        [OAUTH]: () => {
          exchanged();
          return jsonResponse(200, connected);
        },
      },
    });

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Stripe account connected'));
    const account = within(await screen.findByRole('region', { name: 'Stripe account' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(account.getByText('Connected')).toBeInTheDocument();
  });

  it('says so when the person declined at Stripe, and sends nothing', async () => {
    const { api } = show({ path: '/stripe/settings?error=access_denied&error_description=denied' });

    expect(await screen.findByRole('status')).toHaveTextContent('You chose not to connect');
    expect(api.requestsTo(OAUTH)).toHaveLength(0);
  });

  it('switches passing fees on and off with the connection’s version', async () => {
    const { api } = show({
      handlers: {
        [SETTINGS]: () => jsonResponse(200, connected),
        [UPDATE]: () => jsonResponse(200, { ...connected, is_fee_passed_on: false, version: 5 }),
      },
    });
    const fees = within(await screen.findByRole('region', { name: 'Card fees' }));
    expect(fees.getByRole('row', { name: 'Cards issued in Australia 1.7 % + $0.30' })).toBeInTheDocument();
    expect(
      fees.getByRole('row', { name: 'Cards issued outside Australia 3.5 % + $0.30' }),
    ).toBeInTheDocument();
    const passOn = fees.getByRole('switch', { name: /Pass card fees on to payers/ });
    expect(passOn).toBeChecked();

    await userEvent.click(passOn);

    await waitFor(() => expect(passOn).not.toBeChecked());
    expect(api.requestsTo(UPDATE)[0]?.body).toEqual({ is_fee_passed_on: false, version: 4 });
  });

  it('disconnects only once confirmed', async () => {
    const { api } = show({
      handlers: {
        [SETTINGS]: () => jsonResponse(200, connected),
        [DISCONNECT]: () => jsonResponse(200, stripeSettingsFixture()),
      },
    });
    const account = within(await screen.findByRole('region', { name: 'Stripe account' }));
    await userEvent.click(account.getByRole('button', { name: 'Disconnect Stripe' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Disconnect your Stripe account?' }));
    expect(api.requestsTo(DISCONNECT)).toHaveLength(0);

    await userEvent.click(confirm.getByRole('button', { name: 'Disconnect' }));

    expect(
      await within(screen.getByRole('region', { name: 'Stripe account' })).findByRole('button', {
        name: 'Connect with Stripe',
      }),
    ).toBeInTheDocument();
    expect(api.requestsTo(DISCONNECT)).toHaveLength(1);
  });

  it('tells a User that an Admin sets card payments up, without asking the server', async () => {
    const { api } = show({ asUser: true });

    expect(await screen.findByText(/set up by an Admin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect with Stripe' })).not.toBeInTheDocument();
    expect(api.requestsTo(SETTINGS)).toHaveLength(0);
  });
});
