import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AccountingSyncHealth,
  type Cart,
  cardSurchargeCents,
  formatDollars,
  formatInvoiceNumber,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
  type ProductLinks,
} from '@tradeport/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerConsentPage,
  type StripeStandIn,
  startStripeStandIn,
} from '../apps/server/src/integrations/stripe/testing/stripe-stand-in.ts';
import {
  DEFAULT_XERO_TENANT,
  startXeroStandIn,
  type XeroStandIn,
} from '../apps/server/src/integrations/accounting/xero/testing/xero-stand-in.ts';
import { ApiSession, choose, PATIENCE, seeText, signIn } from './catalogue-helpers.ts';
import { useJourney } from './journey.ts';
import { wcagViolations } from './wcag.ts';

// Issue 13 through a browser, against the Xero stand-in (its consent page and Accounting API) and
// the Stripe stand-in (a card payment with its surcharge): the merchant's Admin connects Xero on
// /xero/settings, maps accounts and GST, links a tax rule, a customer and a product; the café
// orders and pays by card; the invoice (delivery on its own line in the freight account) and the
// payment (its surcharge as its own invoice) arrive in Xero. Then Xero is down for a moment: the
// Sync panel shows the failure in Xero's words and "Retry" sends it.

const JOURNEY_MS = 240_000;
const MERCHANT = 'Harbourside Wholesale';
const CAFE = 'Bean There Café';

let xero: XeroStandIn;
let stripe: StripeStandIn;

beforeAll(async () => {
  [xero, stripe] = await Promise.all([startXeroStandIn(), startStripeStandIn({ settlement: 'via-webhook' })]);
});
afterAll(async () => {
  await Promise.all([xero?.close(), stripe?.close()]);
});
// Registered after the stand-ins' hooks: the server starts with their keys and addresses, and
// they close after the server and browser have.
const journey = useJourney({
  env: () => ({
    ...stripe.env,
    ...xero.env,
    ACCOUNTING_TOKEN_KEY: randomBytes(32).toString('base64'),
    // Everything logged, so the journey can check Xero's tokens are in none of it.
    LOG_LEVEL: 'debug',
  }),
  pagePerTest: false,
});
beforeAll(() => {
  stripe.setWebhookUrl(`${journey.server.url}/api/v1/stripe/webhooks`);
});

const money = (cents: number) => `$${formatDollars(cents, { grouping: true })}`;

/** Waits for what the sync's jobs do (they run in the server, polling every 2 s). */
async function eventually<T>(read: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const invoiceNumbered = (number: string) => () =>
  [...xero.invoices(DEFAULT_XERO_TENANT.tenantId).values()].find(
    (invoice) => invoice.InvoiceNumber === number,
  );

/** Connects the merchant's Stripe account through the API (the card payment needs it). */
async function connectStripe(merchant: ApiSession, merchantId: string) {
  const path = `/stripe/connect/organisation/${merchantId}/settings`;
  const start = await merchant.send('POST', `${path}/connect`, { organisationId: merchantId });
  const { url } = (await start.json()) as { url: string };
  const back = await answerConsentPage(url);
  const done = await merchant.send('POST', `${path}/oauth`, {
    organisationId: merchantId,
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(done.status).toBe(200);
}

/** The café orders `quantity` of a product for weekday delivery, through the cart's API. */
async function placeOrder(
  customer: ApiSession,
  options: { merchantId: string; cafeId: string; productId: string; quantity: number },
) {
  const query = `merchant_id=${options.merchantId}&customer_organisation_id=${options.cafeId}`;
  const line = await customer.send('PUT', `/orders/cart/product/${options.productId}?${query}`, {
    organisationId: options.cafeId,
    body: { quantity: options.quantity },
  });
  expect(line.status, await line.clone().text()).toBe(200);
  const cartPath = `/orders/cart/organisation/${options.merchantId}?customer_organisation_id=${options.cafeId}`;
  const cart = (await line.json()) as Cart;
  const delivery = cart.delivery_options.find((option) => option.kind === 'DELIVERY')!;
  const chosen = await customer.send('PUT', cartPath, {
    organisationId: options.cafeId,
    body: {
      version: cart.version,
      shipping_method_id: delivery.id,
      requested_delivery_date: null,
      notes: null,
      purchase_order_number: null,
    },
  });
  expect(chosen.status, await chosen.clone().text()).toBe(200);
  const placed = await customer.send('POST', cartPath, {
    organisationId: options.cafeId,
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    body: {},
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  return (await placed.json()) as Order;
}

/** Types a card into the Stripe.js stand-in's payment element. */
async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number, PATIENCE);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

describe('Xero', () => {
  it(
    'connects, maps and links, then an order and its card payment arrive in Xero with freight and surcharge on their own lines',
    async () => {
      const merchant = await ApiSession.signIn(journey.server.url, 'merchant@demo.test');
      const merchantId = await merchant.organisationId(MERCHANT);
      const page = await journey.openPage();
      await signIn(page, 'merchant@demo.test');

      // Connect on Xero's consent page (the stand-in's), and come back connected.
      await page.goto('/xero/settings');
      await page.getByRole('button', { name: 'Connect to Xero' }).click(PATIENCE);
      await page.getByRole('button', { name: 'Allow access' }).click(PATIENCE);
      await page.waitForURL((url) => url.pathname === '/xero/settings' && !url.search, PATIENCE);
      await seeText(page, `Connected to ${DEFAULT_XERO_TENANT.tenantName}`);

      // Map the accounts and GST from the books as Xero has them.
      const mapping = page.getByRole('form', { name: 'Xero mapping' });
      await choose(page, mapping.getByLabel('Sales account'), '200', '200 – Sales');
      await choose(page, mapping.getByLabel('Freight account'), '260', '260 – Other Revenue');
      await choose(page, mapping.getByLabel('Card surcharge account'), '260', '260 – Other Revenue');
      await choose(page, mapping.getByLabel('Stripe Credit/Debit Card'), '091', '091 – Card clearing');
      await choose(page, mapping.getByLabel('GST tax rate'), 'GST', 'GST on Income (10%)');
      await choose(page, mapping.getByLabel('GST-free tax rate'), 'Free', 'GST Free Income (0%)');
      await mapping.getByRole('button', { name: 'Save mapping' }).click();
      await seeText(page, 'Xero mapping saved');

      // The demo's tax rule, to the GST-free rate.
      const taxes = page.getByRole('region', { name: 'Taxes' });
      await choose(
        page,
        taxes.getByLabel('Xero tax rate for GST-free fresh produce'),
        'Free',
        'GST Free Income (0%)',
      );
      await seeText(page, 'GST-free fresh produce is sent with GST Free Income (0%)');

      // The café becomes a Xero contact, made from its details.
      const customers = page.getByRole('region', { name: 'Customers' });
      await customers.getByRole('checkbox', { name: `Select ${CAFE}` }).check(PATIENCE);
      await customers.getByRole('button', { name: 'Create in Xero' }).click();
      await customers.getByRole('button', { name: `Unlink ${CAFE}` }).waitFor(PATIENCE);
      const contact = [...xero.contacts(DEFAULT_XERO_TENANT.tenantId).values()].find((c) => c.Name === CAFE);
      expect(contact).toBeDefined();

      // A product the café can order becomes an item (its SKU as the code).
      const customer = await ApiSession.signIn(journey.server.url, 'customer@demo.test');
      const cafeId = await customer.organisationId(CAFE);
      const rows = await merchant.get<ProductLinks>(
        `/xero/organisation/${merchantId}/products?limit=50`,
        merchantId,
      );
      let product:
        { id: string; name: string; sku: string; price: number; moq: number; pack: number } | undefined;
      for (const row of rows.items) {
        const [seen] = (await customer.catalogue(merchantId, cafeId, row.product.sku)).filter(
          (item) => item.id === row.product.id,
        );
        if (seen && seen.price_cents >= 500) {
          product = {
            ...row.product,
            price: seen.price_cents,
            moq: seen.min_order_quantity,
            pack: seen.pack_size,
          };
          break;
        }
      }
      if (!product) throw new Error('no product of the first page that the café can order');
      const products = page.getByRole('region', { name: 'Products' });
      await products.getByRole('checkbox', { name: `Select ${product.name}` }).check(PATIENCE);
      await products.getByRole('button', { name: 'Create in Xero' }).click();
      await products.getByRole('button', { name: `Unlink ${product.name}` }).waitFor(PATIENCE);
      expect(await wcagViolations(page)).toEqual([]);

      // The café orders $120–$300 of it for weekday delivery ($15 delivery below $300).
      const packs = Math.ceil(Math.max(product.moq, Math.ceil(12_000 / product.price)) / product.pack);
      const order = await placeOrder(customer, {
        merchantId,
        cafeId,
        productId: product.id,
        quantity: packs * product.pack,
      });
      expect(order.delivery_fee_cents).toBeGreaterThan(0);
      const number = formatInvoiceNumber(order.invoice_number);
      const invoice = await eventually(invoiceNumbered(number), number);
      expect(invoice).toMatchObject({
        Status: 'AUTHORISED',
        Contact: { ContactID: contact!.ContactID },
        Total: order.total_cents / 100,
        TotalTax: order.gst_cents / 100,
      });
      expect(
        invoice.LineItems.map((l) => [l.ItemCode ?? null, l.AccountCode, l.TaxType, l.UnitAmount]),
      ).toEqual([
        [product.sku, '200', expect.stringMatching(/^(OUTPUT|EXEMPTOUTPUT)$/), product.price / 100],
        [null, '260', expect.stringMatching(/^(OUTPUT|EXEMPTOUTPUT)$/), order.delivery_fee_cents / 100],
      ]);

      // The café pays it by card, with the overseas card's surcharge on top.
      await connectStripe(merchant, merchantId);
      const surcharge = cardSurchargeCents(order.total_cents, 'INTERNATIONAL');
      const payer = await journey.openPage();
      await signIn(payer, 'customer@demo.test');
      await payer.goto(`/orders/${order.id}`);
      await payer.getByRole('link', { name: 'Pay by card' }).click(PATIENCE);
      const dialog = payer.getByRole('dialog', { name: 'Pay by card' });
      await enterCard(payer, '4242 4242 4242 4242');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog
        .getByRole('button', { name: `Pay ${money(order.total_cents + surcharge)}` })
        .click(PATIENCE);
      await dialog.getByText('Payment received').waitFor(PATIENCE);
      await stripe.settled();
      await payer.context().close();

      // In Xero: the invoice paid into card clearing, and the surcharge as its own invoice, paid too.
      const payments = () => [...xero.payments(DEFAULT_XERO_TENANT.tenantId).values()];
      await eventually(() => (payments().length === 2 ? true : undefined), 'the payment and its surcharge');
      expect(invoiceNumbered(number)()).toMatchObject({
        Status: 'PAID',
        AmountPaid: order.total_cents / 100,
      });
      const surchargeInvoice = [...xero.invoices(DEFAULT_XERO_TENANT.tenantId).values()].find((i) =>
        i.InvoiceNumber.startsWith('SUR-'),
      );
      expect(surchargeInvoice).toMatchObject({
        Status: 'PAID',
        Total: surcharge / 100,
        LineAmountTypes: 'Inclusive',
        LineItems: [expect.objectContaining({ AccountCode: '260', TaxType: 'OUTPUT' })],
      });
      expect(
        payments()
          .map((p) => [p.Account.Code, p.Amount])
          .sort(),
      ).toEqual(
        [
          ['091', order.total_cents / 100],
          ['091', surcharge / 100],
        ].sort(),
      );

      // The order's screen says its invoice is in Xero.
      await page.goto(`/orders/${order.id}`);
      await seeText(page, /Synced/);

      // Xero's tokens (issued, refreshed) never reached the server's log, requests and jobs alike.
      const tokens = xero.issuedTokens();
      expect(tokens.length).toBeGreaterThan(1);
      const log = journey.server.output();
      expect(log).toContain('/api/v1/xero/organisation/');
      for (const token of tokens) expect(log).not.toContain(token);
    },
    JOURNEY_MS,
  );

  it(
    'shows a Xero outage in the Sync panel, and Retry sends the invoice once Xero answers',
    async () => {
      const merchant = await ApiSession.signIn(journey.server.url, 'merchant@demo.test');
      const merchantId = await merchant.organisationId(MERCHANT);
      const customer = await ApiSession.signIn(journey.server.url, 'customer@demo.test');
      const cafeId = await customer.organisationId(CAFE);
      const linked = await merchant.get<ProductLinks>(
        `/xero/organisation/${merchantId}/products?limit=50`,
        merchantId,
      );
      const row = linked.items.find((item) => item.link)!;
      const [item] = (await customer.catalogue(merchantId, cafeId, row.product.sku)).filter(
        (candidate) => candidate.id === row.product.id,
      );
      const packs = Math.ceil(
        Math.max(item!.min_order_quantity, Math.ceil(12_000 / item!.price_cents)) / item!.pack_size,
      );

      // Xero answers the next call (the invoice's) with 503.
      xero.failNext(1, { status: 503 });
      const order = await placeOrder(customer, {
        merchantId,
        cafeId,
        productId: row.product.id,
        quantity: packs * item!.pack_size,
      });
      const number = formatInvoiceNumber(order.invoice_number);
      // The job's first attempt meets the outage (before the page's own reads of the books could).
      await eventually(async () => {
        const health = await merchant.get<AccountingSyncHealth>(
          `/xero/organisation/${merchantId}/settings/sync`,
          merchantId,
        );
        return (
          health.problems.some(
            (problem) => problem.label === number && problem.message === 'Xero failed (503)',
          ) || undefined
        );
      }, 'the outage');

      const page = await journey.openPage();
      await signIn(page, 'merchant@demo.test');
      await page.goto('/xero/settings');
      const sync = page.getByRole('region', { name: 'Sync' });
      await sync.getByText('Xero failed (503)').waitFor({ timeout: 30_000 });
      expect(invoiceNumbered(number)()).toBeUndefined();
      await sync.getByRole('button', { name: `Retry ${number}` }).click();
      await seeText(page, 'Sent again');
      await eventually(invoiceNumbered(number), number);
      await sync.getByText('Xero failed (503)').waitFor({ state: 'detached', timeout: 30_000 });
    },
    JOURNEY_MS,
  );
});
