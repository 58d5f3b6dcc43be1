import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { stripeConfigOf } from './stripe-config.ts';
import { openStripeGateway, type StripeGateway } from './stripe-gateway.ts';
import { signatureHeader } from './testing/stand-in-webhooks.ts';
import {
  answerCheckoutPage,
  answerPortalPage,
  STAND_IN_KEYS,
  startStripeStandIn,
  type StripeStandIn,
} from './testing/stripe-stand-in.ts';

// The gateway's billing half against the Stripe stand-in over real HTTP: Tradeport's own account
// (no Stripe-Account header), Checkout in subscription mode, the portal, a subscription read back,
// its invoices and the next one, and the two webhook endpoints' secrets.

let standIn: StripeStandIn;
let gateway: StripeGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  gateway = await openStripeGateway(stripeConfigOf(standIn.env)!);
});
afterAll(() => standIn.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function subscribed(interval: 'month' | 'year' = 'month') {
  const customerId = await gateway.billing.createCustomer({
    merchantId: 'm-1',
    name: 'Bean There',
    email: null,
    idempotencyKey: `customer-${Math.random()}`,
  });
  const checkout = await gateway.billing.startCheckout({
    customerId,
    productName: 'Tradeport Monthly',
    amountCents: interval === 'month' ? 9_900 : 99_000,
    interval,
    metadata: { tradeport_merchant_id: 'm-1', tradeport_plan: interval === 'month' ? 'MONTHLY' : 'YEARLY' },
    successUrl: 'http://tradeport.test/organisations/billing?checkout=success',
    cancelUrl: 'http://tradeport.test/organisations/billing?checkout=cancelled',
  });
  const back = await answerCheckoutPage(checkout.url);
  const [subscription] = standIn.billing.subscriptionsOf(customerId);
  return { customerId, checkout, back, subscriptionId: subscription!.id };
}

describe('subscriptions', () => {
  it('makes one customer per idempotency key, on the platform account', async () => {
    const options = {
      merchantId: 'm-2',
      name: 'Cheese Co',
      email: 'accounts@cheese.test',
      idempotencyKey: 'k-1',
    };
    const [first, second] = await Promise.all([
      gateway.billing.createCustomer(options),
      gateway.billing.createCustomer(options),
    ]);
    expect(first).toMatch(/^cus_/);
    expect(second).toBe(first);
    expect(standIn.billing.customers.get(first)).toMatchObject({
      name: 'Cheese Co',
      email: 'accounts@cheese.test',
      metadata: { tradeport_merchant_id: 'm-2' },
    });
    const calls = standIn.requests.filter((request) => request.path === '/v1/customers');
    expect(calls.map((call) => call.account)).toEqual([null, null]);
  });

  it('starts a subscription on Checkout’s page and reads it back in our terms', async () => {
    const { checkout, back, subscriptionId, customerId } = await subscribed();
    expect(new URL(checkout.url).origin).toBe(standIn.url);
    expect(standIn.billing.checkoutSessions.get(checkout.id)?.price).toEqual({
      unitAmount: 9_900,
      interval: 'month',
      productName: 'Tradeport Monthly',
    });
    expect(back.toString()).toBe('http://tradeport.test/organisations/billing?checkout=success');
    const state = await gateway.billing.retrieveSubscription(subscriptionId);
    expect(state).toMatchObject({
      id: subscriptionId,
      customerId,
      stripeStatus: 'active',
      interval: 'month',
      metadata: { tradeport_merchant_id: 'm-1', tradeport_plan: 'MONTHLY' },
      isCancelAtPeriodEnd: false,
      endedAt: null,
      card: { brand: 'visa', last4: '4242' },
    });
    const toPeriodEnd = state.currentPeriodEnd!.getTime() - Date.now();
    expect(toPeriodEnd).toBeGreaterThan(27 * DAY_MS);
    expect(toPeriodEnd).toBeLessThan(32 * DAY_MS);
    expect(
      standIn.requests
        .filter((request) => /^\/v1\/(checkout|subscriptions)/.test(request.path))
        .every((request) => request.account === null),
    ).toBe(true);
  });

  it('lists invoices newest first and previews the next while the subscription renews', async () => {
    const { customerId, subscriptionId } = await subscribed('year');
    standIn.billing.renew(subscriptionId);
    const invoices = await gateway.billing.listInvoices({ customerId, limit: 24 });
    expect(invoices.map((invoice) => [invoice.status, invoice.amount_cents])).toEqual([
      ['PAID', 99_000],
      ['PAID', 99_000],
    ]);
    expect(invoices[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(invoices[1]!.createdAt.getTime());
    expect(invoices[0]!.number).not.toBe(invoices[1]!.number);
    expect(invoices[0]!.url).toMatch(new RegExp(`^${standIn.url}/i/in_`));
    expect((await gateway.billing.listInvoices({ customerId, limit: 1 })).map((i) => i.id)).toEqual([
      invoices[0]!.id,
    ]);
    const state = await gateway.billing.retrieveSubscription(subscriptionId);
    expect(await gateway.billing.previewNextInvoice({ customerId, subscriptionId })).toEqual({
      amountCents: 99_000,
      date: state.currentPeriodEnd,
    });
  });

  it('cancels at the period’s end in the portal: no next invoice, then ended', async () => {
    const { customerId, subscriptionId } = await subscribed();
    const url = await gateway.billing.openPortal({
      customerId,
      returnUrl: 'http://tradeport.test/organisations/billing',
    });
    const back = await answerPortalPage(url, { action: 'cancel', subscriptionId });
    expect(back.toString()).toBe('http://tradeport.test/organisations/billing');
    expect((await gateway.billing.retrieveSubscription(subscriptionId)).isCancelAtPeriodEnd).toBe(true);
    expect(await gateway.billing.previewNextInvoice({ customerId, subscriptionId })).toBeNull();
    standIn.billing.endSubscription(subscriptionId);
    const ended = await gateway.billing.retrieveSubscription(subscriptionId);
    expect(ended).toMatchObject({ stripeStatus: 'canceled', isCancelAtPeriodEnd: false });
    expect(ended.endedAt).toBeInstanceOf(Date);
  });
});

describe('webhooks', () => {
  it('verifies the platform account’s events with its own secret, and the Connect endpoint’s with its', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      account: null,
      data: {},
    });
    const raw = Buffer.from(body);
    expect(gateway.verifyWebhook(raw, signatureHeader(body, STAND_IN_KEYS.billingWebhookSecret)).id).toBe(
      'evt_1',
    );
    expect(gateway.verifyWebhook(raw, signatureHeader(body, STAND_IN_KEYS.webhookSecret)).id).toBe('evt_1');
    expect(() => gateway.verifyWebhook(raw, signatureHeader(body, 'whsec_forged'))).toThrow(AppError);
  });

  it('receives Billing’s events as the platform account’s, signed with the account endpoint’s secret', async () => {
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(request.headers['stripe-signature']),
        });
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    standIn.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`);
    try {
      await subscribed();
      await standIn.settled();
    } finally {
      standIn.setWebhookUrl(undefined);
      receiver.close();
    }
    const types = received.map((delivery) => (JSON.parse(delivery.body) as { type: string }).type);
    expect(types).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    for (const delivery of received) {
      const event = gateway.verifyWebhook(Buffer.from(delivery.body), delivery.signature);
      expect(event.account ?? null).toBeNull();
      expect(() =>
        gateway.verifyWebhook(
          Buffer.from(delivery.body),
          signatureHeader(delivery.body, STAND_IN_KEYS.webhookSecret).replace(/v1=\w+/, 'v1=0'),
        ),
      ).toThrow(AppError);
    }
    const paid = JSON.parse(received[2]!.body) as { data: { object: unknown } };
    expect(paid.data.object).toMatchObject({
      parent: { subscription_details: { subscription: expect.stringMatching(/^sub_/) } },
    });
    // Signed with the account endpoint's secret, not the Connect endpoint's.
    const [t] = /t=(\d+)/.exec(received[0]!.signature)!.slice(1);
    expect(received[0]!.signature).toBe(
      signatureHeader(received[0]!.body, STAND_IN_KEYS.billingWebhookSecret, Number(t)),
    );
  });
});

describe('when Stripe cannot be reached', () => {
  it('answers 503, not a 500', async () => {
    const closed = await startStripeStandIn();
    const unreachable = await openStripeGateway({ ...stripeConfigOf(closed.env)! });
    await closed.close();
    const error = await unreachable.billing.retrieveSubscription('sub_x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(503);
  });
});
