import { formatDollars, type OrderPayments } from '@tradeport/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiSession, choose, PATIENCE, signIn } from './catalogue-helpers.ts';
import { useJourney } from './journey.ts';
import { wcagViolations } from './wcag.ts';

// Issue 11: the merchant's payment screens over the demo data. A bank transfer recorded on All
// Payments part-pays two of a customer's invoices (oldest first, as the dialog allocates it) and
// both orders' payment statuses follow; a credit issued on Account Credits is applied to the
// customer's oldest invoice and pays it down by exactly its amount.

const JOURNEY_MS = 180_000;
const MERCHANT = 'Harbourside Wholesale';
const PHONE = { width: 390, height: 844 };

const journey = useJourney({ pagePerTest: false });

type Owing = {
  id: string;
  number: number;
  customer: { organisation_id: string; name: string };
  outstanding_cents: number;
  payment_status: string;
};
type OrderView = { id: string; payment_status: string; paid_cents: number; outstanding_cents: number };

/** What the dialog's allocation inputs hold for `cents`. */
const dollars = (cents: number) => formatDollars(cents);
const money = (cents: number) => `$${formatDollars(cents, { grouping: true })}`;

/** The merchant's API session and id. */
async function merchantApi() {
  const merchant = await ApiSession.signIn(journey.server.url, 'merchant@demo.test');
  return { merchant, merchantId: await merchant.organisationId(MERCHANT) };
}

/**
 * A tracked customer whose `count` oldest orders that owe (oldest due first, as the Record payment
 * and Apply credit dialogs list them) owe in full and have no payment on its way holding any of
 * it, so what the dialogs prefill is what the server accepts.
 */
async function customerOwing(merchant: ApiSession, merchantId: string, count: number) {
  const { items } = await merchant.get<{ items: Owing[] }>(
    `/payments/organisation/${merchantId}/outstanding?limit=100`,
    merchantId,
  );
  const byCustomer = new Map<string, Owing[]>();
  for (const order of items) {
    const orders = byCustomer.get(order.customer.organisation_id) ?? [];
    orders.push(order);
    byCustomer.set(order.customer.organisation_id, orders);
  }
  for (const orders of byCustomer.values()) {
    const oldest = orders.slice(0, count);
    if (oldest.length < count || oldest.some((order) => order.payment_status !== 'UNPAID')) continue;
    const held = await Promise.all(
      oldest.map(async (order) => {
        const { payments } = await merchant.get<OrderPayments>(`/payments/order/${order.id}`, merchantId);
        return payments.some((payment) => payment.state === 'PROCESSING' || payment.state === 'UPCOMING');
      }),
    );
    if (!held.includes(true)) return { customer: oldest[0]!.customer, orders: oldest };
  }
  throw new Error(
    `no customer owes ${count} unpaid invoices: ${JSON.stringify(items.map((item) => item.number))}`,
  );
}

/** The page itself does not scroll sideways at a phone's width. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE.width);
}

/** The dialog's searchable customer picker: type part of the name, choose it. */
async function chooseCustomer(page: Page, dialog: ReturnType<Page['getByRole']>, name: string) {
  await choose(page, dialog.getByRole('combobox', { name: /Customer/ }), name.slice(0, 6), name);
}

describe('payments', () => {
  it(
    'records a bank transfer that pays one invoice and part of another, and both orders’ statuses follow',
    async () => {
      const { merchant, merchantId } = await merchantApi();
      const { customer, orders } = await customerOwing(merchant, merchantId, 2);
      const [first, second] = orders as [Owing, Owing];
      const part = Math.floor(second.outstanding_cents / 2);
      const amount = first.outstanding_cents + part;

      const page = await journey.openPage();
      await signIn(page, 'merchant@demo.test');
      await page.goto('/payments');
      await page.getByRole('heading', { level: 1, name: 'All Payments' }).waitFor(PATIENCE);
      await page.getByRole('link', { name: 'Record payment' }).first().click(PATIENCE);
      const dialog = page.getByRole('dialog', { name: 'Record payment' });
      await chooseCustomer(page, dialog, customer.name);
      await dialog.getByRole('textbox', { name: `Order ${first.number}`, exact: true }).waitFor(PATIENCE);
      expect(await dialog.getByRole('combobox', { name: 'Method' }).inputValue()).toBe('Bank Transfer');
      await dialog.getByRole('textbox', { name: 'Amount' }).fill(dollars(amount));
      await dialog.getByRole('textbox', { name: 'Reference' }).fill('Transfer from the journey');

      // Prefilled oldest first: the first invoice in full, what is left to the second.
      expect(
        await dialog.getByRole('textbox', { name: `Order ${first.number}`, exact: true }).inputValue(),
      ).toBe(dollars(first.outstanding_cents));
      expect(
        await dialog.getByRole('textbox', { name: `Order ${second.number}`, exact: true }).inputValue(),
      ).toBe(dollars(part));
      await dialog.getByText(`Allocated ${money(amount)} of ${money(amount)}.`).waitFor();
      expect(await wcagViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Record payment' }).click();

      // Recorded, it opens over the list with the two orders it pays.
      const drawer = page.getByRole('dialog', { name: /^Payment \d+$/ });
      const allocations = drawer.getByRole('table', { name: 'Allocations' });
      await allocations.waitFor(PATIENCE);
      await allocations.getByRole('link', { name: `Order ${first.number}`, exact: true }).waitFor();
      await allocations.getByRole('link', { name: `Order ${second.number}`, exact: true }).waitFor();
      expect(await wcagViolations(page)).toEqual([]);

      // The orders' payment statuses are derived from it: one paid, one part paid.
      const paid = await merchant.get<OrderView>(`/orders/${first.id}`, merchantId);
      const partly = await merchant.get<OrderView>(`/orders/${second.id}`, merchantId);
      expect(paid.payment_status).toBe('PAID');
      expect(paid.outstanding_cents).toBe(0);
      expect(partly.payment_status).toBe('PARTIALLY_PAID');
      expect(partly.outstanding_cents).toBe(second.outstanding_cents - part);

      // And the screens say so: the order it part-paid links back to the payment.
      await allocations.getByRole('link', { name: `Order ${second.number}`, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/orders/${second.id}`, PATIENCE);
      const section = page.getByRole('region', { name: 'Payments' });
      await section.getByText('Partially Paid', { exact: true }).waitFor(PATIENCE);
      await section
        .getByText(`${money(second.outstanding_cents - part)} outstanding`, { exact: false })
        .waitFor();
      await page.goto(`/orders/${first.id}`);
      await page
        .getByRole('region', { name: 'Payments' })
        .getByText('Paid', { exact: true })
        .waitFor(PATIENCE);
    },
    JOURNEY_MS,
  );

  it(
    'issues a credit and applies it to the customer’s oldest invoice',
    async () => {
      const { merchant, merchantId } = await merchantApi();
      const { customer, orders } = await customerOwing(merchant, merchantId, 1);
      const first = orders[0]!;
      const credit = Math.min(2_500, first.outstanding_cents);

      const page = await journey.openPage();
      await signIn(page, 'merchant@demo.test');
      await page.goto('/payments/credits');
      await page.getByRole('heading', { level: 1, name: 'Account Credits' }).waitFor(PATIENCE);
      await page.getByRole('button', { name: 'Issue credit' }).first().click(PATIENCE);
      const issue = page.getByRole('dialog', { name: 'Issue credit' });
      await chooseCustomer(page, issue, customer.name);
      await issue.getByRole('textbox', { name: /Amount/ }).fill(dollars(credit));
      await issue.getByRole('textbox', { name: /Reason/ }).fill('Two cartons arrived damaged');
      await issue.getByRole('button', { name: 'Issue credit' }).click();

      // The new credit opens, ready to be applied.
      const drawer = page.getByRole('dialog', { name: /^Credit \d+$/ });
      await drawer.getByText('Two cartons arrived damaged').waitFor(PATIENCE);
      await drawer.getByRole('button', { name: 'Apply to orders' }).click();
      const apply = page.getByRole('dialog', { name: /^Apply credit \d+$/ });
      const oldest = apply.getByRole('textbox', { name: `Order ${first.number}`, exact: true });
      await oldest.waitFor(PATIENCE);
      expect(await oldest.inputValue()).toBe(dollars(credit));
      expect(await wcagViolations(page)).toEqual([]);
      await apply.getByRole('button', { name: `Apply ${money(credit)}` }).click();
      await apply.waitFor({ state: 'hidden', ...PATIENCE });

      // Where it went: a payment by Account Credit to that order; nothing of the credit remains.
      const applications = drawer.getByRole('table', { name: 'Applications' });
      await applications.getByRole('link', { name: `Order ${first.number}`, exact: true }).waitFor(PATIENCE);
      await drawer.getByText('Used', { exact: true }).first().waitFor(PATIENCE);
      const order = await merchant.get<OrderView>(`/orders/${first.id}`, merchantId);
      expect(order.outstanding_cents).toBe(first.outstanding_cents - credit);
      expect(order.payment_status).toBe(credit === first.outstanding_cents ? 'PAID' : 'PARTIALLY_PAID');
    },
    JOURNEY_MS,
  );

  it(
    'reads on a phone: payments and credits as cards, and Record payment fits the screen',
    async () => {
      const page = await journey.openPage(PHONE);
      await signIn(page, 'merchant@demo.test');
      await page.goto('/payments');
      const payments = page.getByRole('list', { name: 'Payments' });
      await payments.getByRole('listitem').first().waitFor(PATIENCE);
      await expectNoSidewaysScroll(page);

      await page.getByRole('link', { name: 'Record payment' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Record payment' });
      const record = dialog.getByRole('button', { name: 'Record payment' });
      await record.waitFor(PATIENCE);
      const box = await record.boundingBox();
      expect(box!.x + box!.width, 'Record payment fits on the screen').toBeLessThanOrEqual(PHONE.width);
      expect(await wcagViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden', ...PATIENCE });

      await page.goto('/payments/credits');
      await page.getByRole('list', { name: 'Credits' }).getByRole('listitem').first().waitFor(PATIENCE);
      await expectNoSidewaysScroll(page);
      await page.context().close();

      // A customer sees its own payments, read-only.
      const customer = await journey.openPage(PHONE);
      await signIn(customer, 'customer@demo.test');
      await customer.goto('/payments');
      const own = customer.getByRole('list', { name: 'Payments' }).getByRole('listitem').first();
      await own.waitFor(PATIENCE);
      await own.getByRole('link').click();
      const drawer = customer.getByRole('dialog', { name: /^Payment \d+$/ });
      await drawer.getByRole('table', { name: 'Allocations' }).waitFor(PATIENCE);
      expect(await drawer.getByRole('button', { name: 'Void' }).count()).toBe(0);
      await expectNoSidewaysScroll(customer);
      expect(await wcagViolations(customer)).toEqual([]);
    },
    JOURNEY_MS,
  );
});
