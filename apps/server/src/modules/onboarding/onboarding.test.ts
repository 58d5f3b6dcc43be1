import type { OnboardingProgress } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, products } from '../../platform/db/schema/index.ts';
import { createTestProduct } from '../../testing/index.ts';
import { billingKit } from '../billing/billing.testing.ts';
import type { Headers } from '../customers/customers.testing.ts';
import { connectStripe, openStripeWorld, type StripeWorld } from '../stripe/stripe.testing.ts';

// GET organisations/{id}/onboarding-progress: each step done exactly when its data exists, the
// percentage rounded to a whole percent, and who may ask.

let world: StripeWorld;
beforeAll(async () => {
  world = await openStripeWorld();
});
afterAll(() => world.close());

const kit = billingKit(() => world);
const db = () => world.t.database.db;

async function progress(merchantId: string, headers: Headers) {
  const response = await kit.api('GET', `/organisations/${merchantId}/onboarding-progress`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OnboardingProgress>();
}

const doneSteps = (body: OnboardingProgress) => body.steps.filter((s) => s.is_done).map((s) => s.step);

describe('onboarding progress', () => {
  it('starts at nothing done and rises with each step, from the merchant’s real data', async () => {
    const { merchant, admin, base } = await kit.newMerchant();
    const first = await progress(merchant.id, admin.headers);
    expect(first).toEqual({
      completed_percentage: 0,
      steps: ['DETAILS', 'PRODUCT', 'CUSTOMER', 'DELIVERY', 'PAYMENTS', 'COLLEAGUE', 'PLAN'].map((step) => ({
        step,
        is_done: false,
      })),
    });

    // Details count once the ABN, the address and the logo are all there.
    await db().update(organisations).set({ abn: '51824753556' }).where(eq(organisations.id, merchant.id));
    expect(doneSteps(await progress(merchant.id, admin.headers))).toEqual([]);
    await db()
      .update(organisations)
      .set({ addressLine1: '1 Wharf St', image: 'https://files.example/logo.png' })
      .where(eq(organisations.id, merchant.id));
    expect(await progress(merchant.id, admin.headers)).toMatchObject({ completed_percentage: 14 });

    const product = await createTestProduct(db(), { merchantId: merchant.id });
    await kit.addCustomer(base, admin.headers, { title: 'Corner Café' });
    const method = await kit.api('POST', `/shipping/methods/organisation/${merchant.id}`, admin.headers, {
      name: 'Pick-up',
      kind: 'PICK_UP',
    });
    expect(method.statusCode, method.body).toBe(201);
    const after = await progress(merchant.id, admin.headers);
    expect(doneSteps(after)).toEqual(['DETAILS', 'PRODUCT', 'CUSTOMER', 'DELIVERY']);
    expect(after.completed_percentage).toBe(57);

    // Archiving the only product undoes its step: the checklist follows the data, not a tick.
    await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    expect(doneSteps(await progress(merchant.id, admin.headers))).not.toContain('PRODUCT');
  });

  it('counts payments set up by a bank account on invoices or a Stripe account that can charge', async () => {
    const bank = await kit.newMerchant();
    await db()
      .update(organisations)
      .set({ bankAccountName: 'Harbour Supplies', bankBsb: '062000', bankAccountNumber: '12345678' })
      .where(eq(organisations.id, bank.merchant.id));
    expect(doneSteps(await progress(bank.merchant.id, bank.admin.headers))).toEqual(['PAYMENTS']);

    const notYet = await kit.newMerchant();
    await connectStripe(world, {
      merchantId: notYet.merchant.id,
      headers: notYet.admin.headers,
      chargesEnabled: false,
    });
    expect(doneSteps(await progress(notYet.merchant.id, notYet.admin.headers))).toEqual([]);

    const card = await kit.newMerchant();
    await connectStripe(world, {
      merchantId: card.merchant.id,
      headers: card.admin.headers,
      chargesEnabled: true,
    });
    expect(doneSteps(await progress(card.merchant.id, card.admin.headers))).toEqual(['PAYMENTS']);
  });

  it('counts a colleague invited or a second member, and a plan only once it is paid for', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const invited = await kit.api('POST', `/organisations/${merchant.id}/invite-user`, admin.headers, {
      email: 'colleague@example.com',
      user_level: 'User',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(doneSteps(await progress(merchant.id, admin.headers))).toEqual(['COLLEAGUE']);

    const other = await kit.newMerchant();
    await kit.memberOf(other.merchant.id, 'User');
    expect(doneSteps(await progress(other.merchant.id, other.admin.headers))).toEqual(['COLLEAGUE']);

    // Starting Checkout chooses nothing yet; paying does.
    const started = await kit.checkout(merchant.id, admin.headers, { plan: 'MONTHLY' });
    expect(started.statusCode, started.body).toBe(200);
    expect(doneSteps(await progress(merchant.id, admin.headers))).not.toContain('PLAN');
    await kit.subscribe(merchant.id, admin.headers, { plan: 'YEARLY' });
    const paid = await progress(merchant.id, admin.headers);
    expect(doneSteps(paid)).toEqual(['COLLEAGUE', 'PLAN']);
    expect(paid.completed_percentage).toBe(29);
  });

  it('is for the merchant’s members: a User may read it, a customer organisation is 403, another merchant 404', async () => {
    const { merchant, admin, base } = await kit.newMerchant();
    const user = await kit.memberOf(merchant.id, 'User');
    expect((await progress(merchant.id, user.headers)).steps).toHaveLength(7);

    const customer = await kit.addCustomer(base, admin.headers, { title: 'Bistro' });
    const customerMember = await kit.memberOf(customer.organisation_id, 'Admin');
    const asCustomer = await kit.api(
      'GET',
      `/organisations/${customer.organisation_id}/onboarding-progress`,
      customerMember.headers,
    );
    expect(asCustomer.statusCode).toBe(403);

    const stranger = await kit.newMerchant();
    const across = await kit.api(
      'GET',
      `/organisations/${merchant.id}/onboarding-progress`,
      stranger.admin.headers,
    );
    expect(across.statusCode).toBe(404);
    expect(across.json()).toMatchObject({ error_code: 'NOT_FOUND' });
  });
});
