import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCheckoutPage, answerPortalPage } from '../../integrations/stripe/testing/stripe-stand-in.ts';
import { mailOutbox, users } from '../../platform/db/schema/index.ts';
import { linkIn } from '../../testing/outbox.ts';
import { openStripeWorld, type StripeWorld } from '../stripe/stripe.testing.ts';
import { billingKit, billingPath } from './billing.testing.ts';

// Subscription billing over HTTP against the Stripe stand-in, each of Stripe's events arriving by
// signed webhook: choosing a plan, paying on Checkout's page, renewals paid and failed, cancelling
// in the portal, and who may do any of it.

let world: StripeWorld;
beforeAll(async () => {
  world = await openStripeWorld();
});
afterAll(() => world.close());

const kit = billingKit(() => world);

const unconfirmEmail = (userId: string) =>
  world.t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, userId));

const renewalMailsTo = (to: string) =>
  world.t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.subject, '%payment%failed%')));
const DAY_MS = 24 * 60 * 60 * 1000;

describe('on the trial', () => {
  it('shows the trial’s end and no subscription, and has no portal yet', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const billing = await kit.getBilling(merchant.id, admin.headers);
    const trialEnd = (await kit.organisationDates(merchant.id)).trialEnd!;
    expect(billing).toEqual({
      flow: 'existing',
      is_set_up: true,
      status: 'TRIAL',
      plan: null,
      trial_end: trialEnd.toISOString(),
      payment_failed_date: null,
      deactivate_date: null,
      current_period_end: null,
      card: null,
      next_invoice: null,
      invoices: [],
    });
    expect((await kit.getBilling(merchant.id, admin.headers, 'onboarding')).flow).toBe('onboarding');
    const portal = await kit.portal(merchant.id, admin.headers);
    expect(portal.statusCode).toBe(409);
    expect(portal.json()).toMatchObject({ error_code: 'CONFLICT' });
  });
});

describe('choosing a plan', () => {
  it('pays on Checkout and comes back ACTIVE with the plan, card, next invoice and the paid one; the trial is over', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const started = await kit.checkout(merchant.id, admin.headers, { plan: 'MONTHLY' });
    expect(started.statusCode, started.body).toBe(200);
    const { url } = started.json<{ url: string }>();
    expect(url.startsWith(`${world.standIn.url}/c/pay/cs_test_`)).toBe(true);
    const sessionId = url.split('/').pop()!;
    expect(world.standIn.billing.checkoutSessions.get(sessionId)).toMatchObject({
      price: { unitAmount: 9_900, interval: 'month', productName: 'Tradeport Monthly' },
      session: {
        metadata: { tradeport_merchant_id: merchant.id, tradeport_plan: 'MONTHLY' },
        cancel_url: 'http://tradeport.test/organisations/billing?checkout=cancelled',
      },
    });
    // Nothing changes before the person pays.
    expect((await kit.getBilling(merchant.id, admin.headers)).status).toBe('TRIAL');

    const back = await answerCheckoutPage(url);
    expect(back.toString()).toBe('http://tradeport.test/organisations/billing?checkout=success');
    await world.standIn.settled();
    const deliveries = world.standIn.deliveries.filter((d) =>
      world.standIn.events.some((e) => e.id === d.eventId && JSON.stringify(e.data).includes(merchant.id)),
    );
    expect(deliveries.map((d) => d.status).every((status) => status === 200)).toBe(true);

    const billing = await kit.getBilling(merchant.id, admin.headers);
    const row = (await kit.subscriptionRow(merchant.id))!;
    const subscription = world.standIn.billing.subscriptions.get(row.stripeSubscriptionId!)!;
    const periodEnd = new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString();
    expect(billing).toMatchObject({
      status: 'ACTIVE',
      plan: 'MONTHLY',
      trial_end: null,
      payment_failed_date: null,
      deactivate_date: null,
      current_period_end: periodEnd,
      card: { brand: 'visa', last4: '4242' },
      next_invoice: { amount_cents: 9_900, date: periodEnd },
    });
    expect(billing.invoices).toEqual([
      {
        id: expect.stringMatching(/^in_/),
        number: expect.any(String),
        created_at: expect.any(String),
        amount_cents: 9_900,
        status: 'PAID',
        url: expect.stringMatching(new RegExp(`^${world.standIn.url}/i/in_`)),
      },
    ]);
    expect(new Date(periodEnd).getTime() - Date.now()).toBeGreaterThan(27 * DAY_MS);
    const user = await kit.currentUser(admin.headers, merchant.id);
    expect(user).toMatchObject({ trial_end: null, payment_failed_date: null, deactivate_date: null });
    // Billing is Tradeport's own account: no call named a connected account.
    const billingCalls = world.standIn.requests.filter((r) =>
      /^\/v1\/(customers|checkout|subscriptions|invoices|billing_portal)/.test(r.path),
    );
    expect(billingCalls.length).toBeGreaterThan(3);
    expect(billingCalls.every((r) => r.account === null)).toBe(true);
  });

  it('bills the yearly plan from onboarding and returns there; leaving Checkout changes nothing', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const left = await kit.checkout(merchant.id, admin.headers, { plan: 'YEARLY', flow: 'onboarding' });
    const away = await answerCheckoutPage(left.json<{ url: string }>().url, { decision: 'back' });
    expect(away.toString()).toBe('http://tradeport.test/onboarding?checkout=cancelled');
    expect((await kit.getBilling(merchant.id, admin.headers)).status).toBe('TRIAL');

    const { back } = await kit.subscribe(merchant.id, admin.headers, { plan: 'YEARLY', flow: 'onboarding' });
    expect(back.toString()).toBe('http://tradeport.test/onboarding?checkout=success');
    const billing = await kit.getBilling(merchant.id, admin.headers, 'onboarding');
    expect(billing).toMatchObject({
      status: 'ACTIVE',
      plan: 'YEARLY',
      next_invoice: { amount_cents: 99_000 },
    });
    expect(new Date(billing.current_period_end!).getTime() - Date.now()).toBeGreaterThan(360 * DAY_MS);
    // One Stripe customer for the merchant, however many times it went to Checkout.
    const customers = [...world.standIn.billing.customers.values()].filter(
      (c) => c.metadata.tradeport_merchant_id === merchant.id,
    );
    expect(customers).toHaveLength(1);
  });

  it('refuses a second Checkout while the subscription runs', async () => {
    const { merchant, admin } = await kit.subscribedMerchant();
    const again = await kit.checkout(merchant.id, admin.headers, { plan: 'YEARLY' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error_code: 'CONFLICT',
      message: expect.stringContaining('portal'),
    });
  });
});

describe('renewals', () => {
  it('a failed renewal is PAST_DUE with access for 7 more days; paying again clears both dates at once', async () => {
    const { merchant, admin, subscriptionId } = await kit.subscribedMerchant();
    const failure = world.standIn.billing.failRenewal(subscriptionId);
    await world.standIn.settled();
    const failedEvent = world.standIn.events.findLast((e) => e.type === 'invoice.payment_failed')!;

    const pastDue = await kit.getBilling(merchant.id, admin.headers);
    expect(pastDue).toMatchObject({ status: 'PAST_DUE', next_invoice: null });
    const failedAt = new Date(pastDue.payment_failed_date!).getTime();
    expect(failedAt).toBe(failedEvent.created * 1000);
    expect(new Date(pastDue.deactivate_date!).getTime() - failedAt).toBe(7 * DAY_MS);
    expect(pastDue.invoices.map((i) => [i.id, i.status])).toEqual([
      [failure.id, 'OPEN'],
      [expect.any(String), 'PAID'],
    ]);
    const user = await kit.currentUser(admin.headers, merchant.id);
    expect(user).toMatchObject({
      payment_failed_date: pastDue.payment_failed_date,
      deactivate_date: pastDue.deactivate_date,
    });

    // Stripe's retry fails too, a moment later: the dates stay where the first failure put them.
    const pastDueVersion = (await kit.subscriptionRow(merchant.id))!.version;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    world.standIn.billing.failRenewal(subscriptionId);
    await world.standIn.settled();
    expect(await kit.organisationDates(merchant.id)).toMatchObject({
      paymentFailedDate: new Date(failedAt),
      deactivateDate: new Date(failedAt + 7 * DAY_MS),
    });

    world.standIn.billing.renew(subscriptionId);
    await world.standIn.settled();
    const paid = await kit.getBilling(merchant.id, admin.headers);
    expect(paid).toMatchObject({ status: 'ACTIVE', payment_failed_date: null, deactivate_date: null });
    expect(paid.invoices.map((i) => i.status)).toEqual(['PAID', 'PAID']);
    // The retry changed nothing; paying again cleared both dates in one write.
    expect((await kit.subscriptionRow(merchant.id))!.version).toBe(pastDueVersion + 1);
  });

  it('mails the merchant’s Admins once when a renewal fails, with the day access will be lost', async () => {
    const { merchant, admin, subscriptionId } = await kit.subscribedMerchant();
    const otherAdmin = await kit.memberOf(merchant.id, 'Admin');
    const user = await kit.memberOf(merchant.id, 'User');
    const unconfirmed = await kit.memberOf(merchant.id, 'Admin');
    // An address never confirmed is not mailed (anyone can sign up with anyone's).
    await unconfirmEmail(unconfirmed.user.id);

    world.standIn.billing.failRenewal(subscriptionId);
    await world.standIn.settled();
    // Stripe's retry fails too, and its event arrives twice: still one mail each.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    world.standIn.billing.failRenewal(subscriptionId);
    await world.standIn.settled();
    const failedEvent = world.standIn.events.findLast((e) => e.type === 'invoice.payment_failed')!;
    expect((await world.standIn.deliver(failedEvent.id)).status).toBe(200);

    const { deactivateDate } = await kit.organisationDates(merchant.id);
    const lastDay = new Intl.DateTimeFormat('en-AU', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Australia/Sydney',
    }).format(deactivateDate!);
    for (const person of [admin, otherAdmin]) {
      const mails = await renewalMailsTo(person.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.textBody).toContain(`will lose access on ${lastDay}`);
      expect(linkIn(mails[0]!.textBody, '/organisations/billing').pathname).toBe('/organisations/billing');
    }
    expect(await renewalMailsTo(user.user.email)).toHaveLength(0);
    expect(await renewalMailsTo(unconfirmed.user.email)).toHaveLength(0);
  });

  it('a paid renewal moves the period on and lists the new invoice first', async () => {
    const { merchant, admin, subscriptionId } = await kit.subscribedMerchant();
    const before = await kit.getBilling(merchant.id, admin.headers);
    const invoice = world.standIn.billing.renew(subscriptionId);
    await world.standIn.settled();
    const after = await kit.getBilling(merchant.id, admin.headers);
    expect(new Date(after.current_period_end!).getTime()).toBeGreaterThan(
      new Date(before.current_period_end!).getTime() + 27 * DAY_MS,
    );
    expect(after.invoices.map((i) => i.id)).toEqual([invoice.id, before.invoices[0]!.id]);
    expect(after.status).toBe('ACTIVE');
  });
});

describe('cancelling', () => {
  it('cancels in the portal (CANCELLING), then ends (CANCELLED, access ends), and can subscribe again', async () => {
    const { merchant, admin, subscriptionId } = await kit.subscribedMerchant();
    const opened = await kit.portal(merchant.id, admin.headers, { flow: 'existing' });
    expect(opened.statusCode, opened.body).toBe(200);
    const back = await answerPortalPage(opened.json<{ url: string }>().url, {
      action: 'cancel',
      subscriptionId,
    });
    expect(back.toString()).toBe('http://tradeport.test/organisations/billing');
    await world.standIn.settled();
    const cancelling = await kit.getBilling(merchant.id, admin.headers);
    expect(cancelling).toMatchObject({ status: 'CANCELLING', next_invoice: null, deactivate_date: null });
    expect(cancelling.current_period_end).not.toBeNull();
    expect((await kit.checkout(merchant.id, admin.headers, { plan: 'MONTHLY' })).statusCode).toBe(409);

    const ended = world.standIn.billing.endSubscription(subscriptionId);
    await world.standIn.settled();
    // Access has lapsed: the billing screen is still there, to subscribe again; the rest is not.
    const cancelled = await kit.getBilling(merchant.id, admin.headers);
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      deactivate_date: new Date(ended.ended_at! * 1000).toISOString(),
      payment_failed_date: null,
      next_invoice: null,
    });
    expect((await kit.api('GET', `/organisations/${merchant.id}`, admin.headers)).statusCode).toBe(404);
    // Still the organisation the app selects, with the date that makes it show the access-lost page.
    const user = await kit.currentUser(admin.headers, merchant.id);
    expect(user.is_merchant).toBe(true);
    expect(user.deactivate_date).toBe(cancelled.deactivate_date);

    const again = await kit.subscribe(merchant.id, admin.headers, { plan: 'YEARLY' });
    expect(again.subscriptionId).not.toBe(subscriptionId);
    expect(await kit.getBilling(merchant.id, admin.headers)).toMatchObject({
      status: 'ACTIVE',
      plan: 'YEARLY',
      deactivate_date: null,
    });
    expect((await kit.api('GET', `/organisations/${merchant.id}`, admin.headers)).statusCode).toBe(200);
  });

  it('opens the portal back to onboarding in that flow', async () => {
    const { merchant, admin, subscriptionId } = await kit.subscribedMerchant();
    const opened = await kit.portal(merchant.id, admin.headers, { flow: 'onboarding' });
    const back = await answerPortalPage(opened.json<{ url: string }>().url, {
      action: 'renew',
      subscriptionId,
    });
    expect(back.toString()).toBe('http://tradeport.test/onboarding');
  });
});

describe('who may', () => {
  it('refuses a User (403), a customer organisation’s member (403) and another merchant’s Admin (404)', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const user = await kit.memberOf(merchant.id, 'User');
    const customer = await kit.addCustomer(`/organisations/${merchant.id}/customers`, admin.headers);
    const customerAdmin = await kit.memberOf(customer.organisation_id, 'Admin');
    const other = await kit.newMerchant();
    const calls = (id: string) =>
      [
        ['GET', billingPath(id), undefined],
        ['POST', `${billingPath(id)}/checkout`, { plan: 'MONTHLY' }],
        ['POST', `${billingPath(id)}/portal`, {}],
      ] as const;
    const stripeCalls = world.standIn.requests.length;
    const answers = async (id: string, headers: Record<string, string>) =>
      Promise.all(
        calls(id).map(async ([method, url, body]) => {
          const response = await kit.api(method, url, headers, body);
          return `${response.statusCode} ${response.json<{ error_code: string }>().error_code}`;
        }),
      );
    expect(await answers(merchant.id, user.headers)).toEqual(Array(3).fill('403 FORBIDDEN'));
    expect(await answers(customer.organisation_id, customerAdmin.headers)).toEqual(
      Array(3).fill('403 FORBIDDEN'),
    );
    expect(await answers(merchant.id, other.admin.headers)).toEqual(Array(3).fill('404 NOT_FOUND'));
    // Refused before anything reached Stripe.
    expect(world.standIn.requests.length).toBe(stripeCalls);
    expect(await kit.subscriptionRow(merchant.id)).toBeUndefined();
  });

  it('answers a plan or flow it does not know with 400 and the field', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const bad = [
      await kit.checkout(merchant.id, admin.headers, { plan: 'WEEKLY' }),
      await kit.checkout(merchant.id, admin.headers, { plan: 'MONTHLY', flow: 'sideways' }),
      await kit.checkout(merchant.id, admin.headers, {}),
      await kit.portal(merchant.id, admin.headers, { flow: 'sideways' }),
      await kit.api('GET', `${billingPath(merchant.id)}?flow=sideways`, admin.headers),
    ];
    for (const response of bad) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error_code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    expect(await kit.subscriptionRow(merchant.id)).toBeUndefined();
  });
});
