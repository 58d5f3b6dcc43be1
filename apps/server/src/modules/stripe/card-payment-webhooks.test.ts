import type { CardPaymentResult, CardQuote } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds } from '../../platform/db/schema/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { appliedEventIds, cardPaymentKit, openStripeWorld, type StripeWorld } from './stripe.testing.ts';

// Card payments' webhooks against the Stripe stand-in: a forged, stale or replayed delivery changes
// nothing; each event applies once whatever the order; refunds made in Stripe reach the ledger.

let world: StripeWorld;
beforeAll(async () => {
  world = await openStripeWorld();
});
afterAll(() => world.close());

const kit = cardPaymentKit(() => world);
const webhookUrl = () =>
  `http://127.0.0.1:${(world.t.app.server.address() as { port: number }).port}/api/v1/stripe/webhooks`;

/** A card payment left PROCESSING, its PaymentIntent succeeded at Stripe, the webhook not yet sent. */
async function succeededUndelivered() {
  const shop = await kit.cardShop();
  const order = await shop.order([{ productId: shop.products.beans.id, quantity: 2 }]);
  const token = shop.token('4000002500003155');
  const quote = (
    await kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, { confirmation_token: token })
  ).json<CardQuote>();
  const paid = (
    await kit.post(shop.payUrl, shop.customerPerson.headers, {
      confirmation_token: token,
      expected_total_cents: quote.total_cents,
    })
  ).json<CardPaymentResult>();
  await world.standIn.settled();
  world.standIn.setWebhookUrl(undefined);
  world.standIn.authenticate(paid.client_secret!.split('_secret_')[0]!, 'complete');
  world.standIn.setWebhookUrl(webhookUrl());
  const event = world.standIn.events.findLast((candidate) => candidate.type === 'payment_intent.succeeded')!;
  return { shop, order, paid, event };
}

describe('payment webhooks', () => {
  it('change nothing when forged, stale or unsigned, then apply once when genuine', async () => {
    const { shop, order, paid, event } = await succeededUndelivered();
    const before = await fingerprint(world.t);
    const refusals = await Promise.all([
      world.standIn.deliver(event.id, { secret: 'whsec_forged' }),
      world.standIn.deliver(event.id, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      world.standIn.deliver(event.id, { signature: null }),
    ]);
    expect(refusals.map((refusal) => refusal.status)).toEqual([400, 400, 400]);
    expect(await fingerprint(world.t)).toEqual(before);
    expect((await kit.paymentRow(paid.payment_id)).state).toBe('PROCESSING');

    expect((await world.standIn.deliver(event.id)).status).toBe(200);
    expect((await kit.paymentRow(paid.payment_id)).state).toBe('SUCCESSFUL');
    expect((await kit.getOrder(order.id, shop.admin.headers)).payment_status).toBe('PAID');
    expect(await appliedEventIds(world.t)).toContain(event.id);
  });

  it('apply each event once, however many times and in whatever order it arrives', async () => {
    const { shop, order, paid, event } = await succeededUndelivered();
    const intentId = (await kit.paymentRow(paid.payment_id)).stripePaymentIntentId!;
    // The dashboard refunds part; its charge.refunded is delivered before the success it follows.
    world.standIn.setWebhookUrl(undefined);
    world.standIn.refund(shop.accountId, { paymentIntentId: intentId, amount: 500 });
    world.standIn.setWebhookUrl(webhookUrl());
    const refunded = world.standIn.events.findLast((candidate) => candidate.type === 'charge.refunded')!;
    const deliveries = await Promise.all([
      world.standIn.deliver(refunded.id),
      world.standIn.deliver(refunded.id),
      world.standIn.deliver(event.id),
    ]);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    for (const id of [event.id, refunded.id, refunded.id, event.id]) await world.standIn.deliver(id);
    const row = await kit.paymentRow(paid.payment_id);
    expect(row).toMatchObject({ state: 'SUCCESSFUL', refundedCents: 500 });
    const refunds = await world.t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paid.payment_id));
    expect(refunds.map((refund) => refund.amountCents)).toEqual([500]);
    expect((await kit.getOrder(order.id, shop.admin.headers)).payment_status).toBe('PARTIALLY_PAID');
  });

  it('records a full refund in Stripe as the payment refunded, surcharge refunded last', async () => {
    const { shop, order, paid } = await succeededUndelivered();
    await world.standIn.deliver(
      world.standIn.events.findLast((e) => e.type === 'payment_intent.succeeded')!.id,
    );
    const intentId = (await kit.paymentRow(paid.payment_id)).stripePaymentIntentId!;
    world.standIn.refund(shop.accountId, { paymentIntentId: intentId, amount: paid.amount_cents });
    await world.standIn.settled();
    expect(await kit.paymentRow(paid.payment_id)).toMatchObject({
      state: 'REFUNDED',
      refundedCents: paid.amount_cents,
    });
    world.standIn.refund(shop.accountId, { paymentIntentId: intentId });
    await world.standIn.settled();
    expect((await kit.paymentRow(paid.payment_id)).refundedCents).toBe(paid.amount_cents);
    expect((await kit.getOrder(order.id, shop.admin.headers)).payment_status).toBe('UNPAID');
  });

  it('ignores events about payments Tradeport did not make', async () => {
    const shop = await kit.cardShop();
    const before = await fingerprint(world.t);
    // The merchant's own sale on its Stripe account, outside Tradeport.
    const outside = await fetch(`${world.standIn.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_standin',
        'stripe-account': shop.accountId,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        amount: '2500',
        currency: 'aud',
        confirm: 'true',
        confirmation_token: shop.token('4242424242424242'),
      }).toString(),
    });
    expect(outside.status).toBe(200);
    await world.standIn.settled();
    expect(world.standIn.deliveries.slice(-2).map((delivery) => delivery.status)).toEqual([200, 200]);
    const after = await fingerprint(world.t);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toEqual(['stripe_events']);
  });
});
