import { cardSurchargeCents, type OrderPayments } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StripeStandIn,
  startStripeStandIn,
} from '../apps/server/src/integrations/stripe/testing/stripe-stand-in.ts';
import { ApiSession, PATIENCE, signIn } from './catalogue-helpers.ts';
import { enterCard, ensureStripeConnected, money } from './card-helpers.ts';
import { useJourney } from './journey.ts';
import { wcagViolations } from './wcag.ts';

// Issue 11: card payments through the Stripe stand-ins (its API, its consent page and its
// Stripe.js, all local). The merchant connects Stripe on /stripe/settings; a customer pays an order
// in the portal with an overseas card, sees the surcharge before paying, and Stripe's webhook
// marks the order Paid; a payment link's public page pays a customer's balance, nobody signed in.

const JOURNEY_MS = 180_000;
const PHONE = { width: 390, height: 844 };
const MERCHANT = 'Harbourside Wholesale';

let standIn: StripeStandIn;

beforeAll(async () => {
  // Stripe answers a card payment "processing" and settles it a moment later, by webhook.
  standIn = await startStripeStandIn({ settlement: 'via-webhook' });
});
afterAll(async () => {
  await standIn?.close();
});
// Registered after the stand-in's hooks: the server starts with its keys and address, and the
// stand-in closes after the server and browser have.
const journey = useJourney({ env: () => standIn.env, pagePerTest: false });
beforeAll(() => {
  standIn.setWebhookUrl(`${journey.server.url}/api/v1/stripe/webhooks`);
});

type OrderView = {
  id: string;
  number: number;
  status: string;
  payment_status: string;
  outstanding_cents: number;
};

describe('card payments', () => {
  it(
    'connects Stripe, then a customer pays an order by card with an overseas surcharge shown before paying, and the webhook marks it Paid',
    async () => {
      // The merchant's Admin connects its Stripe account on the stand-in's consent page.
      const merchantPage = await journey.openPage();
      await signIn(merchantPage, 'merchant@demo.test');
      await merchantPage.goto('/stripe/settings');
      await merchantPage.getByRole('button', { name: 'Connect with Stripe' }).click(PATIENCE);
      await merchantPage.getByRole('button', { name: 'Connect my Stripe account' }).click(PATIENCE);
      await merchantPage.waitForURL((url) => url.pathname === '/stripe/settings', PATIENCE);
      await merchantPage.getByText('Stripe account connected').waitFor(PATIENCE);
      const account = merchantPage.getByRole('region', { name: 'Stripe account' });
      await account.getByText('Connected', { exact: true }).waitFor(PATIENCE);
      // Card fees are passed on unless the merchant chooses otherwise.
      expect(
        await merchantPage.getByRole('switch', { name: /Pass card fees on to payers/ }).isChecked(),
      ).toBe(true);
      expect(await wcagViolations(merchantPage)).toEqual([]);
      await merchantPage.context().close();

      // An order of the café's that still owes.
      const customer = await ApiSession.signIn(journey.server.url, 'customer@demo.test');
      const cafeId = await customer.organisationId('Bean There Café');
      const owing = await customer.get<{ items: OrderView[] }>(
        `/orders/organisation/${cafeId}?payment_status=UNPAID&limit=50`,
        cafeId,
      );
      const order = owing.items.find((item) => item.status !== 'CANCELLED' && item.outstanding_cents > 0);
      if (!order) throw new Error(`no unpaid order of the café: ${JSON.stringify(owing.items)}`);
      const surcharge = cardSurchargeCents(order.outstanding_cents, 'INTERNATIONAL');
      const total = order.outstanding_cents + surcharge;

      const page = await journey.openPage();
      await signIn(page, 'customer@demo.test');
      await page.goto(`/orders/${order.id}`);
      await page.getByRole('link', { name: 'Pay by card' }).click(PATIENCE);
      const dialog = page.getByRole('dialog', { name: 'Pay by card' });
      await dialog.getByText(`Paying ${MERCHANT}`).waitFor(PATIENCE);
      await enterCard(page, '4242 4242 4242 4242');
      await dialog.getByRole('button', { name: 'Continue' }).click();

      // Before paying: the US card's surcharge (3.5 % + $0.30), and the total with it.
      const summary = dialog.getByRole('table', { name: 'Payment summary' });
      await summary.waitFor(PATIENCE);
      await dialog.getByText('Visa ending 4242, issued in United States').waitFor();
      await summary
        .getByRole('row', {
          name: `Card surcharge (3.5 % + $0.30, card issued outside Australia) ${money(surcharge)}`,
        })
        .waitFor();
      await summary.getByRole('row', { name: `Total ${money(total)}` }).waitFor();
      expect(standIn.paymentIntents(), 'nothing is charged before Pay').toHaveLength(0);
      expect(await wcagViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: `Pay ${money(total)}` }).click();
      await dialog.getByText('Payment received').waitFor(PATIENCE);

      // Stripe's webhook told the server; the order is Paid, by exactly what was shown.
      await standIn.settled();
      const succeeded = standIn.deliveries.filter((delivery) => delivery.type === 'payment_intent.succeeded');
      expect(succeeded.map((delivery) => delivery.status)).toEqual([200]);
      expect(standIn.paymentIntents().map((intent) => intent.amount)).toEqual([total]);
      const paid = await customer.get<OrderView>(`/orders/${order.id}`);
      expect(paid.payment_status).toBe('PAID');
      expect(paid.outstanding_cents).toBe(0);

      // Closed, the order's screen no longer offers to pay it.
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden', ...PATIENCE });
      await page.getByRole('link', { name: 'Pay by card' }).waitFor({ state: 'detached', ...PATIENCE });
    },
    JOURNEY_MS,
  );

  it(
    'pays with a card whose bank asks the payer to confirm, in the bank’s own dialog',
    async () => {
      const merchant = await ApiSession.signIn(journey.server.url, 'merchant@demo.test');
      await ensureStripeConnected(merchant, await merchant.organisationId(MERCHANT));
      const customer = await ApiSession.signIn(journey.server.url, 'customer@demo.test');
      const cafeId = await customer.organisationId('Bean There Café');
      const owing = await customer.get<{ items: OrderView[] }>(
        `/orders/organisation/${cafeId}?payment_status=UNPAID&limit=50`,
        cafeId,
      );
      const order = owing.items.find((item) => item.status !== 'CANCELLED' && item.outstanding_cents > 0);
      if (!order) throw new Error(`no unpaid order of the café left: ${JSON.stringify(owing.items)}`);
      const total = order.outstanding_cents + cardSurchargeCents(order.outstanding_cents, 'INTERNATIONAL');

      const page = await journey.openPage();
      await signIn(page, 'customer@demo.test');
      await page.goto(`/orders/${order.id}`);
      await page.getByRole('link', { name: 'Pay by card' }).click(PATIENCE);
      const dialog = page.getByRole('dialog', { name: 'Pay by card' });
      await enterCard(page, '4000 0025 0000 3155');
      await dialog.getByRole('button', { name: 'Continue' }).click(PATIENCE);
      await dialog.getByRole('button', { name: `Pay ${money(total)}` }).click(PATIENCE);

      // Stripe.js shows the bank's check over the page; the payment waits for it.
      const bank = page.getByRole('dialog', { name: /3D Secure authentication/ });
      await bank.getByRole('button', { name: 'Complete authentication' }).click(PATIENCE);
      await dialog.getByText('Payment received').waitFor(PATIENCE);

      await standIn.settled();
      expect((await customer.get<OrderView>(`/orders/${order.id}`)).payment_status).toBe('PAID');
    },
    JOURNEY_MS,
  );

  it(
    'pays a customer’s balance on a payment link’s page, on a phone, without signing in',
    async () => {
      const merchant = await ApiSession.signIn(journey.server.url, 'merchant@demo.test');
      const merchantId = await merchant.organisationId(MERCHANT);
      await ensureStripeConnected(merchant, merchantId);
      const found = await merchant.get<{ items: { id: string; organisation_id: string; title: string }[] }>(
        `/organisations/${merchantId}/customers?search=Northside`,
        merchantId,
      );
      const bakery = found.items[0]!;
      const ordersOf = () =>
        merchant.get<{ items: OrderView[] }>(
          `/orders/organisation/${merchantId}?customer_organisation_id=${bakery.organisation_id}&limit=100`,
          merchantId,
        );
      // What a link asks for: what each order owes, less what a payment still processing holds
      // (the demo's uncleared direct debit holds one of the bakery's invoices).
      const payable = async (order: OrderView) => {
        const { payments } = await merchant.get<OrderPayments>(`/payments/order/${order.id}`, merchantId);
        const held = payments
          .filter((payment) => payment.state === 'PROCESSING')
          .flatMap((payment) => payment.allocations.filter((allocation) => allocation.order_id === order.id))
          .reduce((sum, allocation) => sum + allocation.amount_cents, 0);
        return { order, cents: Math.max(order.outstanding_cents - held, 0) };
      };
      const owing = await Promise.all(
        (await ordersOf()).items.filter((item) => item.outstanding_cents > 0).map(payable),
      );
      expect(
        owing.some((entry) => entry.cents < entry.order.outstanding_cents),
        'a processing payment holds one',
      ).toBe(true);
      const owed = owing.filter((entry) => entry.cents > 0).map((entry) => entry.order);
      expect(owed.length, 'the bakery owes something').toBeGreaterThan(0);
      const balance = owing.reduce((sum, entry) => sum + entry.cents, 0);

      // The merchant makes a link for the bakery's whole balance and copies it.
      const merchantPage = await journey.openPage();
      await signIn(merchantPage, 'merchant@demo.test');
      await merchantPage.goto(`/customers/${bakery.id}`);
      await merchantPage.getByRole('link', { name: 'Payment links' }).click(PATIENCE);
      const links = merchantPage.getByRole('dialog', { name: 'Payment links' });
      await links.getByRole('button', { name: 'Create link' }).click(PATIENCE);
      const address = await links.getByLabel('Payment link', { exact: true }).inputValue(PATIENCE);
      expect(address).toMatch(/\/pay\/[\w-]{16,}$/);
      await links.getByRole('row', { name: /Whole balance Active/ }).waitFor(PATIENCE);
      await merchantPage.context().close();

      // Anyone holding it, on a phone, signed in to nothing.
      const page = await journey.openPage(PHONE);
      await page.goto(new URL(address).pathname);
      await page.getByRole('heading', { level: 1, name: `Pay ${MERCHANT}` }).waitFor(PATIENCE);
      await page.getByText('For Northside Bakery').waitFor();
      await page.getByRole('row', { name: `Total owing ${money(balance)}` }).waitFor();

      // An Australian card: the domestic surcharge, 1.7 % + $0.30.
      await enterCard(page, '4000 0003 6000 0006');
      await page.getByRole('button', { name: 'Continue' }).click();
      const surcharge = cardSurchargeCents(balance, 'DOMESTIC');
      await page
        .getByRole('row', {
          name: `Card surcharge (1.7 % + $0.30, card issued in Australia) ${money(surcharge)}`,
        })
        .waitFor(PATIENCE);
      const pay = page.getByRole('button', { name: `Pay ${money(balance + surcharge)}` });
      expect(await wcagViolations(page)).toEqual([]);
      const box = await pay.boundingBox();
      expect(box!.x + box!.width, 'Pay fits on the screen').toBeLessThanOrEqual(PHONE.width);
      await pay.click();
      await page.getByText('Payment received').waitFor(PATIENCE);

      await standIn.settled();
      const after = (await ordersOf()).items.filter((item) => owed.some((o) => o.id === item.id));
      expect(after.map((item) => item.payment_status)).toEqual(owed.map(() => 'PAID'));
    },
    JOURNEY_MS,
  );
});
