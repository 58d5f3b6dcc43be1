import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn } from '../../integrations/stripe/testing/stripe-stand-in.ts';
import { merchantSubscriptions } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { customerTestKit } from '../customers/customers.testing.ts';
import { billingPath } from './billing.testing.ts';

// Billing on a server without Stripe keys (the screen says so; nothing can be bought), and on one
// whose Stripe cannot be reached (503, never a 500).

describe('without Stripe keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const kit = customerTestKit(() => t);

  it('shows the trial as not set up, and refuses Checkout and the portal with BILLING_NOT_SET_UP', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const billing = await kit.api('GET', billingPath(merchant.id), admin.headers);
    expect(billing.statusCode).toBe(200);
    expect(billing.json()).toMatchObject({
      is_set_up: false,
      status: 'TRIAL',
      trial_end: expect.any(String),
    });
    for (const response of [
      await kit.api('POST', `${billingPath(merchant.id)}/checkout`, admin.headers, { plan: 'MONTHLY' }),
      await kit.api('POST', `${billingPath(merchant.id)}/portal`, admin.headers, {}),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error_code: 'BILLING_NOT_SET_UP',
        message: expect.stringContaining('Stripe'),
      });
    }
  });
});

describe('when Stripe cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    const gone = await startStripeStandIn();
    await gone.close();
    t = await createTestApp(gone.env);
  });
  afterAll(() => t.close());
  const kit = customerTestKit(() => t);

  it('answers 503 SERVICE_UNAVAILABLE, and records nothing', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const checkout = await kit.api('POST', `${billingPath(merchant.id)}/checkout`, admin.headers, {
      plan: 'YEARLY',
    });
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json()).toMatchObject({ error_code: 'SERVICE_UNAVAILABLE' });
    expect(await t.database.db.select().from(merchantSubscriptions)).toEqual([]);

    // A subscriber whose screen needs Stripe's side (the subscription, its invoices).
    await t.database.db.insert(merchantSubscriptions).values({
      merchantId: merchant.id,
      stripeCustomerId: 'cus_gone',
      stripeSubscriptionId: 'sub_gone',
      plan: 'MONTHLY',
      status: 'ACTIVE',
    });
    for (const response of [
      await kit.api('GET', billingPath(merchant.id), admin.headers),
      await kit.api('POST', `${billingPath(merchant.id)}/portal`, admin.headers, {}),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        error_code: 'SERVICE_UNAVAILABLE',
        message: expect.any(String),
      });
    }
  });
});
