import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerConsentPage } from '../../integrations/stripe/testing/stripe-stand-in.ts';
import { createTestApp, signInAs, type TestApp } from '../../testing/index.ts';
import { customerTestKit } from '../customers/customers.testing.ts';
import {
  appliedEventIds,
  connectStripe,
  openStripeWorld,
  settingsPath,
  stripeAccountRow,
  type StripeWorld,
} from './stripe.testing.ts';

// The merchant's Stripe connection over HTTP, against the Stripe stand-in: Connect's OAuth round
// trip, the fee choice, disconnecting, and the account's webhooks.

let world: StripeWorld;
beforeAll(async () => {
  world = await openStripeWorld();
});
afterAll(() => world.close());

const kit = customerTestKit(() => world.t);
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  world.t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });

async function startedConnect(merchantId: string, headers: Record<string, string>) {
  const started = await api('POST', `${settingsPath(merchantId)}/connect`, headers);
  expect(started.statusCode, started.body).toBe(200);
  return answerConsentPage(started.json<{ url: string }>().url);
}

describe('connecting', () => {
  it('starts at Stripe’s consent page and comes back connected', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const before = await api('GET', settingsPath(merchant.id), admin.headers);
    expect(before.json()).toMatchObject({
      is_set_up: true,
      status: 'NOT_CONNECTED',
      stripe_account_id: null,
      is_fee_passed_on: true,
      version: null,
      fees: [
        { region: 'DOMESTIC', label: 'Cards issued in Australia', fee: '1.7 % + $0.30' },
        { region: 'INTERNATIONAL', label: 'Cards issued outside Australia', fee: '3.5 % + $0.30' },
      ],
    });
    const back = await startedConnect(merchant.id, admin.headers);
    expect(`${back.origin}${back.pathname}`).toBe('http://tradeport.test/stripe/settings');
    const done = await api('POST', `${settingsPath(merchant.id)}/oauth`, admin.headers, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'CONNECTED',
      stripe_account_id: expect.stringMatching(/^acct_/),
      is_charges_enabled: true,
      is_details_submitted: true,
      version: 1,
    });
    expect((await stripeAccountRow(world.t, merchant.id))?.stripeAccountId).toBe(
      done.json().stripe_account_id,
    );
    const again = await api('POST', `${settingsPath(merchant.id)}/connect`, admin.headers);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a state that is another person’s, another merchant’s, tampered with or expired', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const other = await kit.newMerchant();
    const colleague = await kit.memberOf(merchant.id, 'Admin');
    const back = await startedConnect(merchant.id, admin.headers);
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state')!;
    const attempts = [
      api('POST', `${settingsPath(merchant.id)}/oauth`, colleague.headers, { code, state }),
      api('POST', `${settingsPath(other.merchant.id)}/oauth`, other.admin.headers, { code, state }),
      api('POST', `${settingsPath(merchant.id)}/oauth`, admin.headers, {
        code,
        state: `${state.slice(0, -2)}xx`,
      }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.statusCode, attempt.body).toBe(400);
      expect(attempt.json().details[0].path).toBe('state');
    }
    world.t.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      const late = await signInAs(world.t.app, admin.user.email);
      const expired = await api('POST', `${settingsPath(merchant.id)}/oauth`, late.headers, { code, state });
      expect(expired.statusCode).toBe(400);
    } finally {
      world.t.setNow(new Date());
    }
    expect(await stripeAccountRow(world.t, merchant.id)).toBeUndefined();
    expect(await stripeAccountRow(world.t, other.merchant.id)).toBeUndefined();
  });

  it('refuses a Stripe account connected to another merchant, and a second connection', async () => {
    const first = await kit.newMerchant();
    const second = await kit.newMerchant();
    const connected = await connectStripe(world, {
      merchantId: first.merchant.id,
      headers: first.admin.headers,
    });
    const back = await startedConnect(second.merchant.id, second.admin.headers);
    const sameAccount = await api('POST', `${settingsPath(second.merchant.id)}/oauth`, second.admin.headers, {
      code: world.standIn.codeFor(connected.stripe_account_id),
      state: back.searchParams.get('state'),
    });
    expect(sameAccount.statusCode, sameAccount.body).toBe(409);
    const reused = await api('POST', `${settingsPath(second.merchant.id)}/oauth`, second.admin.headers, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(reused.statusCode).toBe(200);
    const twice = await api('POST', `${settingsPath(second.merchant.id)}/oauth`, second.admin.headers, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(twice.statusCode).toBe(409);
    expect((await stripeAccountRow(world.t, second.merchant.id))?.stripeAccountId).toBe(
      reused.json().stripe_account_id,
    );
  });

  it('is for the merchant’s Admins only', async () => {
    const { merchant } = await kit.newMerchant();
    const user = await kit.memberOf(merchant.id, 'User');
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/connect'],
      ['DELETE', ''],
    ] as const) {
      expect((await api(method, `${settingsPath(merchant.id)}${path}`, user.headers)).statusCode).toBe(403);
    }
  });
});

describe('choosing whether fees are passed on', () => {
  it('changes with the version read, and refuses a stale one or no connection', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const notYet = await api('PUT', settingsPath(merchant.id), admin.headers, {
      is_fee_passed_on: false,
      version: 1,
    });
    expect(notYet.statusCode).toBe(409);
    const connected = await connectStripe(world, { merchantId: merchant.id, headers: admin.headers });
    const changed = await api('PUT', settingsPath(merchant.id), admin.headers, {
      is_fee_passed_on: false,
      version: connected.version,
    });
    expect(changed.json()).toMatchObject({ is_fee_passed_on: false, version: connected.version + 1 });
    const stale = await api('PUT', settingsPath(merchant.id), admin.headers, {
      is_fee_passed_on: true,
      version: connected.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await stripeAccountRow(world.t, merchant.id))?.isFeePassedOn).toBe(false);
  });
});

describe('disconnecting', () => {
  it('revokes access at Stripe and forgets the account', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const connected = await connectStripe(world, { merchantId: merchant.id, headers: admin.headers });
    const done = await api('DELETE', settingsPath(merchant.id), admin.headers);
    expect(done.json()).toMatchObject({ status: 'NOT_CONNECTED', stripe_account_id: null });
    expect(world.standIn.account(connected.stripe_account_id)?.isConnected).toBe(false);
    await world.standIn.settled();
    expect(world.standIn.deliveries.at(-1)).toMatchObject({
      type: 'account.application.deauthorized',
      status: 200,
    });
    expect(await stripeAccountRow(world.t, merchant.id)).toBeUndefined();
  });

  it('follows the owner revoking access in Stripe’s dashboard', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const connected = await connectStripe(world, { merchantId: merchant.id, headers: admin.headers });
    world.standIn.revokeAccess(connected.stripe_account_id);
    await world.standIn.settled();
    expect((await api('GET', settingsPath(merchant.id), admin.headers)).json().status).toBe('NOT_CONNECTED');
  });
});

describe('account webhooks', () => {
  it('follow what the account can do, each event once', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const connected = await connectStripe(world, { merchantId: merchant.id, headers: admin.headers });
    const event = world.standIn.updateAccount(connected.stripe_account_id, { chargesEnabled: false });
    await world.standIn.settled();
    expect((await stripeAccountRow(world.t, merchant.id))?.isChargesEnabled).toBe(false);
    expect(await appliedEventIds(world.t)).toContain(event.id);
    // Stripe changes its mind without telling: a replay of the old event must not apply again.
    world.standIn.account(connected.stripe_account_id)!.charges_enabled = true;
    const replay = await world.standIn.deliver(event.id);
    expect(replay.status).toBe(200);
    expect((await stripeAccountRow(world.t, merchant.id))?.isChargesEnabled).toBe(false);
    // Reading the settings asks Stripe again while the account waits, and sees it ready.
    expect((await api('GET', settingsPath(merchant.id), admin.headers)).json().status).toBe('CONNECTED');
  });

  it('change nothing when forged, stale or unsigned', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const connected = await connectStripe(world, { merchantId: merchant.id, headers: admin.headers });
    world.standIn.setWebhookUrl(undefined);
    const event = world.standIn.updateAccount(connected.stripe_account_id, { chargesEnabled: false });
    world.standIn.setWebhookUrl(
      `http://127.0.0.1:${(world.t.app.server.address() as { port: number }).port}/api/v1/stripe/webhooks`,
    );
    const refusals = [
      await world.standIn.deliver(event.id, { secret: 'whsec_forged' }),
      await world.standIn.deliver(event.id, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await world.standIn.deliver(event.id, { signature: null }),
      await world.standIn.deliver(event.id, {
        body: JSON.stringify({ id: event.id, type: 'account.updated' }),
        signature: world.standIn.signatureHeader(JSON.stringify(event)),
      }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(JSON.parse(refusal.body).error_code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await appliedEventIds(world.t)).not.toContain(event.id);
    expect((await stripeAccountRow(world.t, merchant.id))?.isChargesEnabled).toBe(true);
    expect((await world.standIn.deliver(event.id)).status).toBe(200);
    expect((await stripeAccountRow(world.t, merchant.id))?.isChargesEnabled).toBe(false);
  });
});

describe('without Stripe keys', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare.close());

  it('says card payments are not set up', async () => {
    const { merchant, admin } = await customerTestKit(() => bare).newMerchant();
    const settings = await bare.app.inject({
      method: 'GET',
      url: settingsPath(merchant.id),
      headers: admin.headers,
    });
    expect(settings.json()).toMatchObject({ is_set_up: false, status: 'NOT_CONNECTED' });
    const connect = await bare.app.inject({
      method: 'POST',
      url: `${settingsPath(merchant.id)}/connect`,
      headers: admin.headers,
    });
    expect(connect.statusCode).toBe(409);
    expect(connect.json().error_code).toBe('CARD_PAYMENTS_NOT_SET_UP');
    const webhook = await bare.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhooks',
      headers: { 'stripe-signature': 't=1,v1=00' },
      payload: { id: 'evt_1', type: 'account.updated' },
    });
    expect(webhook.json().error_code).toBe('CARD_PAYMENTS_NOT_SET_UP');
  });
});
