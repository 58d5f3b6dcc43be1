import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StripeStandIn,
  startStripeStandIn,
} from '../apps/server/src/integrations/stripe/testing/stripe-stand-in.ts';
import {
  type SmtpStandIn,
  startSmtpStandIn,
} from '../apps/server/src/platform/mail/testing/smtp-stand-in.ts';
import { PATIENCE } from './catalogue-helpers.ts';
import { useJourney } from './journey.ts';
import { wcagViolations } from './wcag.ts';

// Issue 12 item 4: a new merchant signs up (through the real bot check and the emailed code),
// creates its organisation, adds a product on /sign-up-products, chooses a plan on
// /sign-up-payment and pays on the Stripe stand-in's Checkout, and comes back to /onboarding,
// whose progress rises with each step it completes, wherever it does it.

const JOURNEY_MS = 180_000;

let smtp: SmtpStandIn;
let standIn: StripeStandIn;
beforeAll(async () => {
  [smtp, standIn] = await Promise.all([startSmtpStandIn(), startStripeStandIn()]);
});
afterAll(async () => {
  await Promise.all([smtp?.stop(), standIn?.close()]);
});
// Registered after the stand-ins' hooks: the server starts once they are up (and is told where
// they listen), and they stop after the server and browser have closed.
const journey = useJourney({ env: () => ({ SMTP_URL: smtp.url, ...standIn.env }) });
beforeAll(() => {
  standIn.setWebhookUrl(`${journey.server.url}/api/v1/stripe/webhooks`);
});

describe('a new merchant', () => {
  it(
    'signs up, adds a product, chooses a plan and pays, then sees its set-up progress rise step by step',
    async () => {
      const { page } = journey;
      await page.goto('/sign-up');
      await page.getByLabel('Your name').fill('Olive Grove');
      await page.getByLabel('Email').fill('olive@grove.test');
      await page.getByLabel(/^Password/).fill('grapes by the barrel');
      // The real ALTCHA widget: once the form has focus it fetches a challenge from our API and
      // solves the proof of work in the browser.
      await page.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Create account' }).click();

      // The address is confirmed with the code from the welcome email before going on.
      await page.waitForURL('**/sign-up/verify-email?**');
      const mail = await smtp.waitFor((m) => m.to.includes('olive@grove.test') && /confirm/i.test(m.subject));
      const code = mail.text.match(/code is ([0-9A-Z-]+)/)?.[1];
      if (!code) throw new Error(`no code in:\n${mail.text}`);
      await page.getByLabel(/^Code/).fill(code);
      await page.getByRole('button', { name: 'Confirm email' }).click();

      await page.waitForURL('**/sign-up-organisation');
      await page.getByLabel('Business name').fill('Grove Provisions');
      await page.getByLabel('ABN').fill('53 004 085 616');
      await page.getByLabel('Phone').fill('02 9555 0188');
      await page.getByRole('button', { name: 'Create organisation' }).click();

      // Step 2, without the side navigation: a product by hand.
      await page.waitForURL((url) => url.pathname === '/sign-up-products', PATIENCE);
      await page.getByRole('heading', { level: 1, name: 'Add your products' }).waitFor(PATIENCE);
      expect(await page.getByRole('navigation').count()).toBe(0);
      await page.getByRole('status').getByText('No products yet.').waitFor(PATIENCE);
      const form = page.getByRole('form', { name: 'Add a product' });
      await form.getByLabel(/^Name/).fill('Extra virgin olive oil 4L');
      await form.getByLabel(/^SKU/).fill('EVOO-4L');
      await form.getByLabel(/^Price \(ex GST\)/).fill('38.50');
      await form.getByRole('button', { name: 'Add product' }).click();
      await page
        .getByRole('list', { name: 'Products added just now' })
        .getByText('Extra virgin olive oil 4L (EVOO-4L) — $38.50 ex GST')
        .waitFor(PATIENCE);
      await page.getByRole('status').getByText('You have 1 product.').waitFor(PATIENCE);
      expect(await wcagViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Continue' }).click();

      // Step 3: the plans, with the trial's end; Monthly, paid on Stripe's page.
      await page.waitForURL((url) => url.pathname === '/sign-up-payment', PATIENCE);
      await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor(PATIENCE);
      await page.getByText(/^Your free trial runs until \d{2}\/\d{2}\/\d{4}\./).waitFor(PATIENCE);
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await wcagViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Choose Monthly' }).click();
      await page.waitForURL(
        (url) => url.origin === standIn.url && url.pathname.startsWith('/c/pay/'),
        PATIENCE,
      );
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Subscribe' }).click();

      // Back on /onboarding, in the app: the plan and the product are done, nothing else yet.
      await page.waitForURL(
        (url) =>
          url.origin === journey.server.url &&
          url.pathname === '/onboarding' &&
          url.searchParams.get('checkout') === 'success',
        PATIENCE,
      );
      await page.getByRole('status', { name: 'Your subscription is active' }).waitFor(PATIENCE);
      await page.getByText('29% complete').waitFor(PATIENCE);
      await page.getByText('2 of 7 steps done').waitFor();
      const step = (title: string) =>
        page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
      await step('Add your first product').getByText('Done').waitFor();
      await step('Choose your plan').getByText('Done').waitFor();
      expect(await step('Set up delivery or pick-up').getByText('Done').count()).toBe(0);
      await page.getByRole('navigation').getByText('Sales', { exact: true }).waitFor();
      expect(await wcagViolations(page)).toEqual([]);

      // A step done from its link: a pick-up method on /delivery.
      await step('Set up delivery or pick-up').getByRole('link', { name: 'Set up delivery' }).click();
      await page.waitForURL((url) => url.pathname === '/delivery', PATIENCE);
      // A new merchant's list is empty: its heading and its empty state both offer to add one.
      await page.getByText('No delivery methods yet').waitFor(PATIENCE);
      await page.getByRole('button', { name: 'Add delivery method' }).first().click();
      const dialog = page.getByRole('dialog', { name: /delivery method/i });
      await dialog.getByLabel(/^Name/).fill('Warehouse pick-up');
      await dialog.getByRole('radio', { name: 'Pick-up' }).check();
      await dialog.getByRole('button', { name: 'Add delivery method' }).click();
      await page.getByRole('cell', { name: 'Warehouse pick-up' }).waitFor(PATIENCE);

      // The home says how far set-up has got, and the checklist has risen.
      await page.goto('/');
      const summary = page.getByRole('region', { name: 'Finish setting up' });
      await summary.getByText('43% complete').waitFor(PATIENCE);
      await summary.getByText('Next: Add your business details and logo').waitFor();
      // Paid for, so no trial banner: the subscription cleared trial_end.
      expect(await page.getByText(/^Your free trial ends/).count()).toBe(0);
      await summary.getByRole('link', { name: 'See every step' }).click();
      await page.waitForURL((url) => url.pathname === '/onboarding', PATIENCE);
      await page.getByText('3 of 7 steps done').waitFor(PATIENCE);
      await step('Set up delivery or pick-up').getByText('Done').waitFor();
    },
    JOURNEY_MS,
  );
});
