import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedEventIds, openStripeWorld, type StripeWorld } from '../stripe/stripe.testing.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { billingKit } from './billing.testing.ts';

// Billing's webhooks against the Stripe stand-in: every event applied once however often it
// arrives, in whatever order; a connected account's events of the same types, and forged ones,
// change nothing.

let world: StripeWorld;
beforeAll(async () => {
  world = await openStripeWorld();
});
afterAll(() => world.close());

const kit = billingKit(() => world);

const customerOf = (event: { data: { object: unknown } }) =>
  (event.data.object as { customer?: string }).customer;

async function stateOf(merchantId: string) {
  return {
    subscription: await kit.subscriptionRow(merchantId),
    organisation: await kit.organisationDates(merchantId),
  };
}

describe('billing webhooks', () => {
  it('change nothing when every one of them is delivered again', async () => {
    const { merchant, admin, subscriptionId, customerId } = await kit.subscribedMerchant();
    world.standIn.billing.failRenewal(subscriptionId);
    await world.standIn.settled();
    world.standIn.billing.renew(subscriptionId);
    await world.standIn.settled();
    const opened = await kit.portal(merchant.id, admin.headers);
    expect(opened.statusCode).toBe(200);
    world.standIn.billing.setCancelAtPeriodEnd(subscriptionId, true);
    world.standIn.billing.endSubscription(subscriptionId);
    await world.standIn.settled();

    const events = world.standIn.events.filter((event) => customerOf(event) === customerId);
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set([
        'customer.subscription.created',
        'invoice.paid',
        'checkout.session.completed',
        'invoice.payment_failed',
        'customer.subscription.updated',
        'customer.subscription.deleted',
      ]),
    );
    expect(await appliedEventIds(world.t)).toEqual(expect.arrayContaining(events.map((event) => event.id)));
    const before = await stateOf(merchant.id);
    expect(before.subscription?.status).toBe('CANCELLED');
    const everything = await fingerprint(world.t);
    const again = await Promise.all(events.map((event) => world.standIn.deliver(event.id)));
    for (const event of [...events].reverse()) again.push(await world.standIn.deliver(event.id));
    expect(again.map((delivery) => delivery.status).every((status) => status === 200)).toBe(true);
    expect(await stateOf(merchant.id)).toEqual(before);
    expect(await fingerprint(world.t)).toEqual(everything);
  });

  it('end where Stripe is, whatever order the events arrive in', async () => {
    const { merchant, admin, subscriptionId } = await kit.subscribedMerchant();
    const held = await kit.heldBack(() => {
      world.standIn.billing.failRenewal(subscriptionId);
      world.standIn.billing.renew(subscriptionId);
    });
    expect(held.map((event) => event.type)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    for (const event of [...held].reverse()) expect((await world.standIn.deliver(event.id)).status).toBe(200);
    // The failure arriving last is old news: the subscription is paid up, and stays so.
    expect(await kit.getBilling(merchant.id, admin.headers)).toMatchObject({
      status: 'ACTIVE',
      payment_failed_date: null,
      deactivate_date: null,
    });
  });

  it('date the failure by the earliest event that told of it, when the later one arrives first', async () => {
    const { merchant, subscriptionId } = await kit.subscribedMerchant();
    const held = await kit.heldBack(() => world.standIn.billing.failRenewal(subscriptionId));
    const [failed, updated] = held;
    // Stripe made the subscription's update a second later than the invoice's failure.
    updated!.created = failed!.created + 1;
    expect((await world.standIn.deliver(updated!.id)).status).toBe(200);
    expect((await kit.organisationDates(merchant.id)).paymentFailedDate).toEqual(
      new Date(updated!.created * 1000),
    );
    expect((await world.standIn.deliver(failed!.id)).status).toBe(200);
    const dates = await kit.organisationDates(merchant.id);
    expect(dates.paymentFailedDate).toEqual(new Date(failed!.created * 1000));
    expect(dates.deactivateDate!.getTime() - dates.paymentFailedDate!.getTime()).toBe(
      7 * 24 * 60 * 60 * 1000,
    );
  });

  it('ignore a connected account’s events of the same types, and forged ones', async () => {
    const { merchant, subscriptionId, customerId } = await kit.subscribedMerchant();
    const held = await kit.heldBack(() => world.standIn.billing.endSubscription(subscriptionId));
    const [deleted] = held;
    const before = await stateOf(merchant.id);
    const url = `http://127.0.0.1:${(world.t.app.server.address() as { port: number }).port}/api/v1/stripe/webhooks`;
    // The same news as a merchant's own Stripe account would send it to the Connect endpoint.
    const onConnected = JSON.stringify({ ...deleted, id: 'evt_connected_1', account: 'acct_someone' });
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': world.standIn.signatureHeader(onConnected),
      },
      body: onConnected,
    });
    expect(answer.status).toBe(200);
    const forged = await world.standIn.deliver(deleted!.id, { secret: 'whsec_forged' });
    expect(forged.status).toBe(400);
    expect(await stateOf(merchant.id)).toEqual(before);
    expect(before.subscription?.status).toBe('ACTIVE');
    expect(customerOf(deleted!)).toBe(customerId);

    expect((await world.standIn.deliver(deleted!.id)).status).toBe(200);
    expect((await kit.subscriptionRow(merchant.id))?.status).toBe('CANCELLED');
  });
});
