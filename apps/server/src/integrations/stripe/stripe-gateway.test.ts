import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { stripeConfigOf } from './stripe-config.ts';
import { openStripeGateway, type StripeGateway } from './stripe-gateway.ts';
import { signatureHeader } from './testing/stand-in-webhooks.ts';
import { answerConsentPage, startStripeStandIn, type StripeStandIn } from './testing/stripe-stand-in.ts';

// The gateway against the local Stripe stand-in over real HTTP: every call the modules make, what
// each answers, and how Stripe's failures come back as API errors.

let standIn: StripeStandIn;
let gateway: StripeGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  gateway = await openStripeGateway(stripeConfigOf(standIn.env)!);
});
afterAll(() => standIn.close());

async function appErrorOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** Connects a fresh account through the consent page, as a merchant's Admin would. */
async function connectedAccount(options: { chargesEnabled?: boolean } = {}) {
  const back = await answerConsentPage(
    gateway.authorizeUrl({ state: 'state-1', redirectUri: 'http://tradeport.test/stripe/settings' }),
    options,
  );
  return gateway.exchangeCode(back.searchParams.get('code')!);
}

describe('Connect (OAuth)', () => {
  it('sends the person to the consent page and back with a code the account is read from', async () => {
    const url = new URL(
      gateway.authorizeUrl({ state: 's-42', redirectUri: 'http://tradeport.test/stripe/settings' }),
    );
    expect(url.origin).toBe(standIn.url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'ca_standin',
      scope: 'read_write',
      state: 's-42',
      redirect_uri: 'http://tradeport.test/stripe/settings',
    });
    const back = await answerConsentPage(url.toString());
    expect(back.origin + back.pathname).toBe('http://tradeport.test/stripe/settings');
    expect(back.searchParams.get('state')).toBe('s-42');
    const accountId = await gateway.exchangeCode(back.searchParams.get('code')!);
    expect(accountId).toMatch(/^acct_/);
    expect(await gateway.retrieveAccount(accountId)).toEqual({
      id: accountId,
      isChargesEnabled: true,
      isDetailsSubmitted: true,
    });
  });

  it('refuses a code used twice or made up, as the person’s to redo', async () => {
    const back = await answerConsentPage(gateway.authorizeUrl({ state: 's', redirectUri: 'http://x.test/' }));
    await gateway.exchangeCode(back.searchParams.get('code')!);
    expect((await appErrorOf(gateway.exchangeCode(back.searchParams.get('code')!))).statusCode).toBe(400);
    expect((await appErrorOf(gateway.exchangeCode('ac_made_up'))).code).toBe('VALIDATION_ERROR');
  });

  it('brings a declined consent back without a code', async () => {
    const back = await answerConsentPage(
      gateway.authorizeUrl({ state: 's', redirectUri: 'http://x.test/' }),
      {
        decision: 'deny',
      },
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('reads an account that cannot take charges yet, and deauthorizes once or twice alike', async () => {
    const accountId = await connectedAccount({ chargesEnabled: false });
    expect((await gateway.retrieveAccount(accountId)).isChargesEnabled).toBe(false);
    await gateway.deauthorize(accountId);
    await gateway.deauthorize(accountId);
    expect(standIn.account(accountId)?.isConnected).toBe(false);
  });
});

describe('cards', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = await connectedAccount();
  });

  it('tells the card’s issuing country from a confirmation token, before any charge', async () => {
    const overseas = standIn.confirmationToken(accountId, '4242424242424242');
    const domestic = standIn.confirmationToken(accountId, '4000000360000006');
    expect(await gateway.previewCard({ accountId, confirmationToken: overseas })).toEqual({
      brand: 'visa',
      last4: '4242',
      country: 'US',
    });
    expect((await gateway.previewCard({ accountId, confirmationToken: domestic })).country).toBe('AU');
    expect(standIn.paymentIntents(accountId)).toEqual([]);
  });

  it('refuses a token that is unknown, of another account, or spent', async () => {
    const other = await connectedAccount();
    const token = standIn.confirmationToken(other, '4242424242424242');
    expect((await appErrorOf(gateway.previewCard({ accountId, confirmationToken: token }))).statusCode).toBe(
      400,
    );
    expect(
      (await appErrorOf(gateway.previewCard({ accountId, confirmationToken: 'ctoken_nope' }))).code,
    ).toBe('VALIDATION_ERROR');
    await gateway.charge({
      accountId: other,
      amountCents: 1_000,
      confirmationToken: token,
      idempotencyKey: 'spent-1',
      description: 'x',
      metadata: {},
    });
    expect(
      (await appErrorOf(gateway.previewCard({ accountId: other, confirmationToken: token }))).statusCode,
    ).toBe(400);
  });

  it('charges once per idempotency key, and refuses the key for a different charge', async () => {
    const token = standIn.confirmationToken(accountId, '4000000360000006');
    const charge = {
      accountId,
      amountCents: 10_203,
      confirmationToken: token,
      idempotencyKey: 'pay-key-1',
      description: 'Orders #1, #2',
      metadata: { tradeport_payment_id: 'p-1' },
    };
    const [first, second] = await Promise.all([gateway.charge(charge), gateway.charge(charge)]);
    expect(first).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: 'SUCCEEDED',
      clientSecret: null,
      failureMessage: null,
    });
    expect(second.id).toBe(first.id);
    expect(
      standIn.paymentIntents(accountId).filter((intent) => intent.metadata.tradeport_payment_id === 'p-1'),
    ).toHaveLength(1);
    const conflict = await appErrorOf(gateway.charge({ ...charge, amountCents: 10_204 }));
    expect(conflict.code).toBe('CONFLICT');
    const state = await gateway.retrievePaymentIntent({ accountId, id: first.id! });
    expect(state).toMatchObject({
      status: 'SUCCEEDED',
      amountCents: 10_203,
      metadata: { tradeport_payment_id: 'p-1' },
    });
  });

  it('answers a declined card as a failed outcome with the bank’s words', async () => {
    const token = standIn.confirmationToken(accountId, '4000000000009995');
    const outcome = await gateway.charge({
      accountId,
      amountCents: 5_000,
      confirmationToken: token,
      idempotencyKey: 'declined-1',
      description: 'x',
      metadata: {},
    });
    expect(outcome).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: 'FAILED',
      clientSecret: null,
      failureMessage: 'Your card has insufficient funds.',
    });
  });

  it('waits for the payer’s bank when it asks for authentication, then reads the result', async () => {
    const token = standIn.confirmationToken(accountId, '4000002500003155');
    const outcome = await gateway.charge({
      accountId,
      amountCents: 5_000,
      confirmationToken: token,
      idempotencyKey: '3ds-1',
      description: 'x',
      metadata: {},
    });
    expect(outcome.status).toBe('REQUIRES_ACTION');
    expect(outcome.clientSecret).toMatch(new RegExp(`^${outcome.id}_secret_`));
    standIn.authenticate(outcome.id!, 'complete');
    expect((await gateway.retrievePaymentIntent({ accountId, id: outcome.id! })).status).toBe('SUCCEEDED');
  });

  it('refuses a charge under Stripe’s minimum in words', async () => {
    const token = standIn.confirmationToken(accountId, '4242424242424242');
    const error = await appErrorOf(
      gateway.charge({
        accountId,
        amountCents: 40,
        confirmationToken: token,
        idempotencyKey: 'small-1',
        description: 'x',
        metadata: {},
      }),
    );
    expect(error.message).toBe('A card payment must be at least $0.50.');
  });

  it('refunds part, then the rest, and no more', async () => {
    const token = standIn.confirmationToken(accountId, '4242424242424242');
    const paid = await gateway.charge({
      accountId,
      amountCents: 2_000,
      confirmationToken: token,
      idempotencyKey: 'refund-1',
      description: 'x',
      metadata: {},
    });
    const part = await gateway.refund({
      accountId,
      paymentIntentId: paid.id!,
      amountCents: 500,
      idempotencyKey: 'r-1',
    });
    expect(part).toEqual({ id: expect.stringMatching(/^re_/), amountCents: 500 });
    expect(
      await gateway.refund({ accountId, paymentIntentId: paid.id!, amountCents: 500, idempotencyKey: 'r-1' }),
    ).toEqual(part);
    await gateway.refund({ accountId, paymentIntentId: paid.id!, amountCents: 1_500, idempotencyKey: 'r-2' });
    expect(
      (
        await appErrorOf(
          gateway.refund({ accountId, paymentIntentId: paid.id!, amountCents: 1, idempotencyKey: 'r-3' }),
        )
      ).statusCode,
    ).toBe(400);
    const refunded = standIn.events.filter((event) => event.type === 'charge.refunded');
    expect(refunded.at(-1)?.data.object).toMatchObject({
      amount: 2_000,
      amount_refunded: 2_000,
      refunded: true,
    });
  });
});

describe('webhook signatures', () => {
  const body = Buffer.from(
    JSON.stringify({ id: 'evt_1', object: 'event', type: 'account.updated', data: { object: {} } }),
  );
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a body signed with the endpoint’s secret within five minutes', () => {
    const event = gateway.verifyWebhook(body, standIn.signatureHeader(body.toString(), now() - 290));
    expect(event).toMatchObject({ id: 'evt_1', type: 'account.updated' });
  });

  it.each([
    ['a stale timestamp', () => standIn.signatureHeader(body.toString(), now() - 301)],
    ['a signature over another body', () => standIn.signatureHeader(`${body.toString()} `, now())],
    ['another secret', () => signatureHeader(body.toString(), 'whsec_forged', now())],
    ['no header', () => undefined],
    ['a header without a v1 signature', () => `t=${now()}`],
  ])('refuses %s', (_, header) => {
    let caught: unknown;
    try {
      gateway.verifyWebhook(body, header());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });
});

describe('the Stripe.js stand-in', () => {
  it('collects a card in the page and makes a confirmation token the server can read', async () => {
    const accountId = await connectedAccount();
    const script = await fetch(gateway.stripeJs.url);
    expect(script.headers.get('content-type')).toContain('javascript');
    // jsdom ships no types and the server has no @types/jsdom: typed here by the little used.
    const { JSDOM } = (await import('jsdom' as string)) as { JSDOM: JsdomConstructor };
    const dom = new JSDOM('<main><div id="card"></div></main>', {
      url: `${standIn.url}/pay`,
      runScripts: 'outside-only',
    });
    const { window } = dom;
    Object.assign(window, { fetch, URLSearchParams });
    window.eval(await script.text());
    const stripe = (window as unknown as { Stripe: StripeJs }).Stripe(gateway.stripeJs.publishableKey, {
      stripeAccount: accountId,
    });
    const elements = stripe.elements({
      mode: 'payment',
      amount: 1_000,
      currency: 'aud',
      paymentMethodCreation: 'manual',
    });
    elements.create('payment').mount('#card');
    expect(await elements.submit()).toEqual({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    const fill = (label: string, value: string) => {
      const input = [...window.document.querySelectorAll('label')]
        .find((l) => l.textContent?.startsWith(label))!
        .querySelector('input')!;
      input.value = value;
    };
    fill('Card number', '4000 0003 6000 0006');
    fill('Expiration date', '12 / 40');
    fill('Security code', '123');
    expect(await elements.submit()).toEqual({});
    const { confirmationToken } = await stripe.createConfirmationToken({ elements });
    expect(confirmationToken.id).toMatch(/^ctoken_/);
    expect(await gateway.previewCard({ accountId, confirmationToken: confirmationToken.id })).toMatchObject({
      country: 'AU',
      last4: '0006',
    });
    window.close();
  });
});

type StripeJs = (
  key: string,
  options: { stripeAccount: string },
) => {
  elements(options: object): {
    create(type: 'payment'): { mount(target: string): void };
    submit(): Promise<object>;
  };
  createConfirmationToken(options: { elements: unknown }): Promise<{ confirmationToken: { id: string } }>;
};

type FakeLabel = { textContent: string | null; querySelector(selector: string): { value: string } | null };
type JsdomConstructor = new (
  html: string,
  options: { url: string; runScripts: 'outside-only' },
) => {
  window: {
    eval(code: string): unknown;
    close(): void;
    document: { querySelectorAll(selector: string): Iterable<FakeLabel> };
  };
};
