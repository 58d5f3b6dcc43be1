import type { Billing, BillingFlow, BillingPlan, CurrentUser } from '@tradeport/contract';
import { ORGANISATION_HEADER } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { answerCheckoutPage } from '../../integrations/stripe/testing/stripe-stand-in.ts';
import { merchantSubscriptions, organisations } from '../../platform/db/schema/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';
import type { StripeWorld } from '../stripe/stripe.testing.ts';

// Subscription billing over HTTP against the Stripe stand-in: a merchant's Admin choosing a plan,
// paying on Checkout's page, and what the API and the database say after each of Stripe's events.

export const billingPath = (merchantId: string) => `/organisations/${merchantId}/billing`;

export function billingKit(world: () => StripeWorld) {
  const { api, newMerchant, memberOf, signedIn, addCustomer } = customerTestKit(() => world().t);
  const db = () => world().t.database.db;

  async function getBilling(merchantId: string, headers: Headers, flow?: BillingFlow) {
    const response = await api('GET', `${billingPath(merchantId)}${flow ? `?flow=${flow}` : ''}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Billing>();
  }

  const checkout = (merchantId: string, headers: Headers, body: object) =>
    api('POST', `${billingPath(merchantId)}/checkout`, headers, body);

  const portal = (merchantId: string, headers: Headers, body: object = {}) =>
    api('POST', `${billingPath(merchantId)}/portal`, headers, body);

  /** Chooses a plan, pays on Checkout's page and waits for Stripe's webhooks to be answered. */
  async function subscribe(
    merchantId: string,
    headers: Headers,
    options: { plan?: BillingPlan; flow?: BillingFlow; card?: string } = {},
  ) {
    const started = await checkout(merchantId, headers, {
      plan: options.plan ?? 'MONTHLY',
      flow: options.flow,
    });
    expect(started.statusCode, started.body).toBe(200);
    const back = await answerCheckoutPage(started.json<{ url: string }>().url, { card: options.card });
    await world().standIn.settled();
    const row = await subscriptionRow(merchantId);
    return { back, subscriptionId: row?.stripeSubscriptionId ?? '', customerId: row?.stripeCustomerId ?? '' };
  }

  /** A merchant whose Admin has subscribed: its subscription live at the stand-in. */
  async function subscribedMerchant(options: { plan?: BillingPlan } = {}) {
    const { merchant, admin } = await newMerchant();
    const subscribed = await subscribe(merchant.id, admin.headers, options);
    expect(subscribed.subscriptionId).toMatch(/^sub_/);
    return { merchant, admin, ...subscribed };
  }

  async function subscriptionRow(merchantId: string) {
    const [row] = await db()
      .select()
      .from(merchantSubscriptions)
      .where(eq(merchantSubscriptions.merchantId, merchantId));
    return row;
  }

  async function organisationDates(merchantId: string) {
    const [row] = await db()
      .select({
        trialEnd: organisations.trialEnd,
        paymentFailedDate: organisations.paymentFailedDate,
        deactivateDate: organisations.deactivateDate,
        updatedAt: organisations.updatedAt,
      })
      .from(organisations)
      .where(eq(organisations.id, merchantId));
    return row!;
  }

  async function currentUser(headers: Headers, organisationId: string) {
    const response = await api('GET', '/users/current', {
      ...headers,
      [ORGANISATION_HEADER]: organisationId,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CurrentUser>();
  }

  /** Runs Stripe's side (`act`) with its webhooks held back, and answers the events it made. */
  async function heldBack(act: () => unknown) {
    const { standIn, t } = world();
    await standIn.settled();
    const before = standIn.events.length;
    standIn.setWebhookUrl(undefined);
    try {
      act();
    } finally {
      const { port } = t.app.server.address() as { port: number };
      standIn.setWebhookUrl(`http://127.0.0.1:${port}/api/v1/stripe/webhooks`);
    }
    return standIn.events.slice(before);
  }

  return {
    api,
    newMerchant,
    memberOf,
    signedIn,
    addCustomer,
    getBilling,
    checkout,
    portal,
    subscribe,
    subscribedMerchant,
    subscriptionRow,
    organisationDates,
    currentUser,
    heldBack,
  };
}
