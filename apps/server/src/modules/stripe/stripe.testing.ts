import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { IDEMPOTENCY_KEY_HEADER } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  answerConsentPage,
  startStripeStandIn,
  type StripeStandIn,
} from '../../integrations/stripe/testing/stripe-stand-in.ts';
import {
  customerAccounts,
  organisations,
  payments,
  stripeAccounts,
  stripeEvents,
} from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import type { Headers } from '../customers/customers.testing.ts';
import { orderTestKit } from '../orders/orders-test-kit.testing.ts';

// An app on the Stripe stand-in, listening on a real port so the stand-in's webhooks reach it.

export type StripeWorld = { t: TestApp; standIn: StripeStandIn; close(): Promise<void> };

export async function openStripeWorld(): Promise<StripeWorld> {
  const standIn = await startStripeStandIn();
  const t = await createTestApp(standIn.env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  standIn.setWebhookUrl(`http://127.0.0.1:${port}/api/v1/stripe/webhooks`);
  return {
    t,
    standIn,
    async close() {
      await standIn.settled();
      await standIn.close();
      await t.close();
    },
  };
}

const settingsPath = (merchantId: string) => `/api/v1/stripe/connect/organisation/${merchantId}/settings`;

/** Connects a merchant's Stripe account the way its Admin does: start, Stripe's consent page, callback. */
export async function connectStripe(
  world: StripeWorld,
  options: { merchantId: string; headers: Headers; chargesEnabled?: boolean },
) {
  const started = await world.t.app.inject({
    method: 'POST',
    url: `${settingsPath(options.merchantId)}/connect`,
    headers: options.headers,
  });
  expect(started.statusCode, started.body).toBe(200);
  const back = await answerConsentPage(started.json<{ url: string }>().url, {
    chargesEnabled: options.chargesEnabled,
  });
  const completed = await world.t.app.inject({
    method: 'POST',
    url: `${settingsPath(options.merchantId)}/oauth`,
    headers: options.headers,
    payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(completed.statusCode, completed.body).toBe(200);
  return completed.json<{ stripe_account_id: string; version: number }>();
}

export async function stripeAccountRow(t: TestApp, merchantId: string) {
  const [row] = await t.database.db
    .select()
    .from(stripeAccounts)
    .where(eq(stripeAccounts.merchantId, merchantId));
  return row;
}

export async function appliedEventIds(t: TestApp) {
  return (await t.database.db.select({ id: stripeEvents.id }).from(stripeEvents)).map((row) => row.id);
}

export { settingsPath };

/**
 * A merchant with payments on, Stripe connected and customers whose payments it tracks, with an
 * order of the customer's to pay; and helpers to pay by card over HTTP.
 */
export function cardPaymentKit(world: () => StripeWorld) {
  const kit = orderTestKit(() => world().t);
  const db = () => world().t.database.db;

  async function cardShop(options: { isFeePassedOn?: boolean; title?: string } = {}) {
    const shop = await kit.shop(options.title);
    await db()
      .update(organisations)
      .set({ paymentsEnabled: true })
      .where(eq(organisations.id, shop.merchant.id));
    await db()
      .update(customerAccounts)
      .set({ isPaymentsEnabled: true })
      .where(eq(customerAccounts.merchantId, shop.merchant.id));
    const connected = await connectStripe(world(), {
      merchantId: shop.merchant.id,
      headers: shop.admin.headers,
    });
    if (options.isFeePassedOn === false) {
      await db()
        .update(stripeAccounts)
        .set({ isFeePassedOn: false })
        .where(eq(stripeAccounts.merchantId, shop.merchant.id));
    }
    const accountId = connected.stripe_account_id;
    const portal = `/payments/organisation/${shop.merchant.id}/card-payment`;
    const query = `customer_organisation_id=${shop.customer.organisation_id}`;
    return {
      ...shop,
      accountId,
      /** A card as Stripe.js would turn it into a confirmation token on the merchant's account. */
      token: (card: string) => world().standIn.confirmationToken(accountId, card),
      setupUrl: `${portal}?${query}`,
      quoteUrl: `${portal}/quote?${query}`,
      payUrl: `${portal}?${query}`,
      invoicePaymentUrl: (customerAccountId: string) =>
        `/payments/organisation/${shop.merchant.id}/invoice-payment/${customerAccountId}`,
    };
  }

  const post = (url: string, headers: Headers, body: object, key: string = randomUUID()) =>
    kit.send('POST', url, { ...headers, [IDEMPOTENCY_KEY_HEADER]: key }, body);

  async function paymentRow(paymentId: string) {
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    return row!;
  }

  async function paymentsOf(merchantId: string) {
    return db().select().from(payments).where(eq(payments.merchantId, merchantId));
  }

  return { ...kit, cardShop, post, paymentRow, paymentsOf };
}
