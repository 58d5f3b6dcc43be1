import { BILLING_GRACE_DAYS, type Billing } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCheckoutPage,
  type StripeStandIn,
  startStripeStandIn,
} from '../apps/server/src/integrations/stripe/testing/stripe-stand-in.ts';
import { openDatabase } from '../apps/server/src/platform/db/client.ts';
import { organisations } from '../apps/server/src/platform/db/schema/index.ts';
import { ApiSession, PATIENCE, signIn } from './catalogue-helpers.ts';
import { useJourney } from './journey.ts';
import { wcagViolations } from './wcag.ts';

// Issue 12 item 3: the merchant's own Tradeport subscription, through Stripe Billing's stand-in
// (its API, its Checkout page, its renewals). SPEC §4: an expired trial, or a subscription's access
// ended, replaces every page but billing; a failed renewal shows its Admins (only, §6) the date
// access will be lost. The demo merchant's trial ended three days before its server started (more
// than the two days' grace), so the first journey finds it expired; the later ones subscribe it
// through the API first, as the server's tests do.

const JOURNEY_MS = 180_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MERCHANT = 'Harbourside Wholesale';
const ADMIN = 'merchant@demo.test';
/** The demo merchant's member at the User level. */
const USER = 'staff@demo.test';
const TRIAL_END = new Date(Date.now() - 3 * DAY_MS);

/** The demo merchant's trial ended days ago: its copy of the demo data says so before its server starts. */
async function endTrialDaysAgo(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const ended = await database.db
      .update(organisations)
      .set({ trialEnd: TRIAL_END })
      .where(eq(organisations.title, MERCHANT))
      .returning({ id: organisations.id });
    expect(ended).toHaveLength(1);
  } finally {
    await database.close();
  }
}

let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
});
// Registered after the stand-in's hooks: the server starts with its keys and address, and the
// stand-in closes after the server and browser have.
const journey = useJourney({ env: () => standIn.env, changeDemoData: endTrialDaysAgo, pagePerTest: false });
beforeAll(() => {
  standIn.setWebhookUrl(`${journey.server.url}/api/v1/stripe/webhooks`);
});

/** An instant as the browser shows it: dd/mm/yyyy (en-AU) in the browser's own time zone. */
async function shownDate(page: Page, instant: string | Date) {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const format = new Intl.DateTimeFormat('en-AU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  });
  return format.format(new Date(instant));
}

/** The billing screen's answer, as the Admin's API sees it. */
const billingOf = (admin: ApiSession, merchantId: string) =>
  admin.get<Billing>(`/organisations/${merchantId}/billing`, merchantId);

/** The merchant's subscription at Stripe that is still running. */
function liveSubscriptionOf(merchantId: string): string {
  const live = [...standIn.billing.subscriptions.values()].filter(
    (sub) => sub.metadata.tradeport_merchant_id === merchantId && sub.status !== 'canceled',
  );
  expect(live, 'one running subscription at Stripe').toHaveLength(1);
  return live[0]!.id;
}

/**
 * The merchant subscribed (Monthly) unless it already is: Checkout through the API, its page
 * answered over HTTP as the browser would, and Stripe's webhooks answered. Its subscription's id.
 */
async function ensureSubscribed(admin: ApiSession, merchantId: string): Promise<string> {
  const before = await billingOf(admin, merchantId);
  if (before.status !== 'ACTIVE') {
    const started = await admin.send('POST', `/organisations/${merchantId}/billing/checkout`, {
      organisationId: merchantId,
      body: { plan: 'MONTHLY' },
    });
    expect(started.status, await started.clone().text()).toBe(200);
    const back = await answerCheckoutPage(((await started.json()) as { url: string }).url);
    expect(back.pathname).toBe('/organisations/billing');
    await standIn.settled();
  }
  const after = await billingOf(admin, merchantId);
  expect(after.status).toBe('ACTIVE');
  expect(after.trial_end).toBeNull();
  expect(after.deactivate_date).toBeNull();
  return liveSubscriptionOf(merchantId);
}

describe('subscription billing', () => {
  it(
    'shows an Admin whose trial expired the trial-expired page everywhere, until they choose Monthly, pay on Checkout and have Tradeport back',
    async () => {
      const page = await journey.openPage();
      await signIn(page, ADMIN);
      const trialDate = await shownDate(page, TRIAL_END);
      const expired = page.getByRole('heading', { level: 1, name: 'Your free trial has ended' });
      const activate = page.getByRole('link', { name: 'Activate your subscription' });

      // Every page is the expiry page: home, and a page asked for by its address.
      for (const address of ['/', '/products']) {
        if (address !== '/') await page.goto(address);
        await expired.waitFor(PATIENCE);
        await page.getByText(`The free trial of ${MERCHANT} ended on ${trialDate}.`).waitFor();
        await activate.waitFor();
        expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
        expect(await page.getByRole('heading', { level: 1, name: 'Products' }).count()).toBe(0);
      }

      await activate.click();
      await page.waitForURL((url) => url.pathname === '/organisations/billing', PATIENCE);
      await page.getByRole('heading', { level: 1, name: 'Organisation billing' }).waitFor(PATIENCE);
      // The shell's red banner stays on the one page still shown.
      await page.getByRole('alert', { name: 'Your free trial has ended' }).waitFor(PATIENCE);
      const subscription = page.getByRole('region', { name: 'Subscription' });
      await subscription.getByText('Free trial', { exact: true }).waitFor(PATIENCE);
      await subscription.getByText(`Your free trial ended on ${trialDate}.`).waitFor();
      const plans = page.getByRole('region', { name: 'Choose a plan' });
      await plans.getByRole('button', { name: 'Choose Monthly' }).waitFor(PATIENCE);
      expect(await wcagViolations(page)).toEqual([]);

      // Checkout, on Stripe's own page.
      await plans.getByRole('button', { name: 'Choose Monthly' }).click();
      await page.waitForURL(
        (url) => url.origin === standIn.url && url.pathname.startsWith('/c/pay/'),
        PATIENCE,
      );
      await page.getByRole('heading', { level: 1, name: 'Subscribe to Tradeport Monthly' }).waitFor(PATIENCE);
      await page.getByText('A$99.00 per month').waitFor();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Subscribe' }).click();

      // Back on the billing screen, which waits for Stripe's word and then says so.
      await page.waitForURL(
        (url) =>
          url.origin === journey.server.url &&
          url.pathname === '/organisations/billing' &&
          url.searchParams.get('checkout') === 'success',
        PATIENCE,
      );
      await page.getByRole('status', { name: 'Your subscription is active' }).waitFor(PATIENCE);
      await subscription.getByText('Active', { exact: true }).waitFor(PATIENCE);
      const plan = page.getByRole('region', { name: 'Your plan' });
      await plan.getByText('Monthly, $99.00 per month').waitFor(PATIENCE);
      await plan.getByText('Visa ending in 4242').waitFor();
      const invoices = page.getByRole('region', { name: 'Past invoices' });
      await invoices.getByRole('row', { name: /\$99\.00 Paid/ }).waitFor(PATIENCE);
      // The shell heard too: its trial banner is gone, without a reload.
      await page
        .getByRole('alert', { name: 'Your free trial has ended' })
        .waitFor({ state: 'detached', ...PATIENCE });

      // Tradeport again, by the menu: the same page (no reload), its screens and no trial banner.
      await page.evaluate(() => {
        (globalThis as unknown as { sameDocument?: boolean }).sameDocument = true;
      });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await page.waitForURL((url) => url.pathname === '/products', PATIENCE);
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor(PATIENCE);
      expect(
        await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
      expect(await expired.count()).toBe(0);
      expect(await page.getByText(/free trial/i).count()).toBe(0);
    },
    JOURNEY_MS,
  );

  it(
    'shows a failed renewal’s banner, with the date access will be lost, to the merchant’s Admins and not its Users, until it is paid',
    async () => {
      const admin = await ApiSession.signIn(journey.server.url, ADMIN);
      const merchantId = await admin.organisationId(MERCHANT);
      const subscriptionId = await ensureSubscribed(admin, merchantId);

      // The renewal is declined at Stripe.
      const failedFrom = Date.now();
      standIn.billing.failRenewal(subscriptionId);
      await standIn.settled();
      const pastDue = await billingOf(admin, merchantId);
      expect(pastDue.status).toBe('PAST_DUE');
      const failedAt = Date.parse(pastDue.payment_failed_date!);
      expect(failedAt).toBeGreaterThanOrEqual(Math.floor(failedFrom / 1000) * 1000);
      expect(failedAt).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(pastDue.deactivate_date!)).toBe(failedAt + BILLING_GRACE_DAYS * DAY_MS);

      const page = await journey.openPage();
      await signIn(page, ADMIN);
      const banner = page.getByRole('alert', { name: 'A payment failed' });
      await banner.waitFor(PATIENCE);
      const lostOn = await shownDate(page, pastDue.deactivate_date!);
      await banner
        .getByText(`Your organisation will lose access on ${lostOn} unless the payment is made.`)
        .waitFor();
      // Still Tradeport until then: the home page beneath it.
      await page.getByRole('heading', { level: 2, name: /^Today, / }).waitFor(PATIENCE);
      await banner.getByRole('link', { name: 'Update billing' }).click();
      await page.waitForURL((url) => url.pathname === '/organisations/billing', PATIENCE);
      const alert = page.getByRole('alert', { name: 'Your last payment failed' });
      await alert
        .getByText(new RegExp(`will lose access on ${lostOn.replace(/\//g, '\\/')}`))
        .waitFor(PATIENCE);
      await alert.getByRole('button', { name: 'Pay now or update card' }).waitFor();

      // A User of the same merchant: its home, and no banner (SPEC §6: Admins only).
      const userPage = await journey.openPage();
      await signIn(userPage, USER);
      await userPage.getByRole('navigation', { name: 'Main' }).waitFor(PATIENCE);
      await userPage.getByRole('heading', { level: 2, name: /^Today, / }).waitFor(PATIENCE);
      expect(await userPage.getByRole('alert', { name: 'A payment failed' }).count()).toBe(0);
      expect(await userPage.getByText(/lose access/).count()).toBe(0);
      await userPage.context().close();

      // Stripe's retry is paid: the banner goes at the Admin's next visit.
      standIn.billing.renew(subscriptionId);
      await standIn.settled();
      const paid = await billingOf(admin, merchantId);
      expect(paid.status).toBe('ACTIVE');
      expect(paid.payment_failed_date).toBeNull();
      expect(paid.deactivate_date).toBeNull();
      await page.goto('/');
      await page.getByRole('heading', { level: 2, name: /^Today, / }).waitFor(PATIENCE);
      expect(await banner.count()).toBe(0);
      expect(await page.getByText(/lose access/).count()).toBe(0);
      await page.context().close();
    },
    JOURNEY_MS,
  );

  it(
    'shows a merchant whose subscription ended the access-lost page, from which its Admin still reaches billing',
    async () => {
      const admin = await ApiSession.signIn(journey.server.url, ADMIN);
      const merchantId = await admin.organisationId(MERCHANT);
      const subscriptionId = await ensureSubscribed(admin, merchantId);

      standIn.billing.endSubscription(subscriptionId);
      await standIn.settled();
      const ended = await billingOf(admin, merchantId);
      expect(ended.status).toBe('CANCELLED');
      expect(Date.parse(ended.deactivate_date!)).toBeLessThanOrEqual(Date.now());
      // The server refuses the merchant everything but billing now.
      const refused = await admin.send('GET', `/organisations/${merchantId}/customers`, {
        organisationId: merchantId,
      });
      expect(refused.status).toBe(404);

      const page = await journey.openPage();
      await signIn(page, ADMIN);
      const endedOn = await shownDate(page, ended.deactivate_date!);
      const lost = page.getByRole('heading', { level: 1, name: 'Your subscription has ended' });
      for (const address of ['/', '/products']) {
        if (address !== '/') await page.goto(address);
        await lost.waitFor(PATIENCE);
        await page.getByText(`The Tradeport subscription of ${MERCHANT} ended on ${endedOn}.`).waitFor();
      }
      await page.getByRole('link', { name: 'Activate your subscription' }).click();
      await page.waitForURL((url) => url.pathname === '/organisations/billing', PATIENCE);
      await page.getByRole('heading', { level: 1, name: 'Organisation billing' }).waitFor(PATIENCE);
      const subscription = page.getByRole('region', { name: 'Subscription' });
      await subscription.getByText('Cancelled', { exact: true }).waitFor(PATIENCE);
      await subscription.getByText(`Your subscription ended on ${endedOn}.`).waitFor();
      const plans = page.getByRole('region', { name: 'Choose a plan' });
      await plans.getByText(/Start your subscription again/).waitFor();
      await plans.getByRole('button', { name: 'Choose Monthly' }).waitFor();
      await page.context().close();

      // Its User is told to ask an Admin, and billing is not theirs to see.
      const userPage = await journey.openPage();
      await signIn(userPage, USER);
      await userPage
        .getByRole('heading', { level: 1, name: 'Your subscription has ended' })
        .waitFor(PATIENCE);
      await userPage
        .getByText(`Only an Admin of ${MERCHANT} can activate the subscription; ask one of them to do it.`)
        .waitFor();
      await userPage.getByRole('link', { name: 'Activate your subscription' }).click();
      await userPage.waitForURL((url) => url.pathname === '/organisations/billing', PATIENCE);
      await userPage
        .getByRole('heading', { level: 2, name: 'Only Admins can manage billing' })
        .waitFor(PATIENCE);
    },
    JOURNEY_MS,
  );
});
