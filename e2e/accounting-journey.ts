import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AccountingSyncHealth,
  type Cart,
  cardSurchargeCents,
  formatInvoiceNumber,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
  type ProductLinks,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  type StripeStandIn,
  startStripeStandIn,
} from '../apps/server/src/integrations/stripe/testing/stripe-stand-in.ts';
import { ApiSession, choose, PATIENCE, seeText, signIn } from './catalogue-helpers.ts';
import { enterCard, ensureStripeConnected, money } from './card-helpers.ts';
import { type Journey, useJourney } from './journey.ts';

// What the accounting journeys (xero, quickbooks, myob .e2e.test.ts) share, each against its
// provider's stand-in and the Stripe stand-in: the harness, the merchant's Admin's steps on
// /<provider>/settings (connect on the consent page, map, create the café and a product in the
// books), the café's order and card payment with its overseas surcharge, and the outage journey
// whole. What each provider's books then hold is checked in its own file, in its own shapes.

export const JOURNEY_MS = 240_000;
export const MERCHANT = 'Harbourside Wholesale';
export const CAFE = 'Bean There Café';

/** The books a journey file is about: its path segment and its name as the screens say it. */
export type Books = { provider: ServedAccountingProvider; name: string };

/** Waits for what the sync's jobs do (they run in the server, polling every 2 s). */
export async function eventually<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type StandIn = { env: Record<string, string>; issuedTokens(): string[]; close(): Promise<void> };

export type AccountingJourney<S extends StandIn> = {
  readonly journey: Journey;
  /** The provider's stand-in. */
  readonly books: S;
  readonly stripe: StripeStandIn;
};

/**
 * Registers the file's hooks: the provider's stand-in and Stripe's (settling by webhook) first,
 * then the server (with both stand-ins' keys and `env`) and browser, which close before them. The
 * server logs everything (LOG_LEVEL=debug), so a journey can check no token is in any of it.
 */
export function useAccountingJourney<S extends StandIn>(options: {
  start: () => Promise<S>;
  env?: Record<string, string>;
}): AccountingJourney<S> {
  let books: S | undefined;
  let stripe: StripeStandIn | undefined;
  beforeAll(async () => {
    [books, stripe] = await Promise.all([options.start(), startStripeStandIn({ settlement: 'via-webhook' })]);
  });
  afterAll(async () => {
    await Promise.all([books?.close(), stripe?.close()]);
  });
  // Registered after the stand-ins' hooks: the server starts with their keys and addresses.
  const journey = useJourney({
    env: () => ({
      ...stripe!.env,
      ...books!.env,
      ACCOUNTING_TOKEN_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'debug',
      ...options.env,
    }),
    pagePerTest: false,
  });
  beforeAll(() => {
    stripe!.setWebhookUrl(`${journey.server.url}/api/v1/stripe/webhooks`);
  });
  return {
    journey,
    get books() {
      if (!books) throw new Error('the stand-in is not running (use it inside a test or hook)');
      return books;
    },
    get stripe() {
      if (!stripe) throw new Error('the Stripe stand-in is not running (use it inside a test or hook)');
      return stripe;
    },
  };
}

/** The merchant's Admin and the café's buyer over the API, with their organisations' ids. */
export async function signInParties(serverUrl: string) {
  const [merchant, customer] = await Promise.all([
    ApiSession.signIn(serverUrl, 'merchant@demo.test'),
    ApiSession.signIn(serverUrl, 'customer@demo.test'),
  ]);
  const [merchantId, cafeId] = await Promise.all([
    merchant.organisationId(MERCHANT),
    customer.organisationId(CAFE),
  ]);
  return { merchant, merchantId, customer, cafeId };
}
export type Parties = Awaited<ReturnType<typeof signInParties>>;

/**
 * On /<provider>/settings (signed in as the merchant's Admin): "Connect to …", the stand-in's
 * consent page answered with `consentButton`, and back on the settings connected to `tenant`.
 */
export async function connectBooks(page: Page, books: Books, consent: { button: string; tenant: string }) {
  const path = `/${books.provider}/settings`;
  await page.goto(path);
  await page.getByRole('button', { name: `Connect to ${books.name}` }).click(PATIENCE);
  await page.getByRole('button', { name: consent.button, exact: true }).click(PATIENCE);
  await page.waitForURL((url) => url.pathname === path && !url.search, PATIENCE);
  await seeText(page, `Connected to ${consent.tenant}`);
}

/** A picker of the mapping form, what to type in it and the option to click. */
export type MappingChoice = [label: string, search: string, option: string];

/** Fills the mapping form's pickers and saves it. */
export async function mapBooks(page: Page, books: Books, choices: MappingChoice[]) {
  const mapping = page.getByRole('form', { name: `${books.name} mapping` });
  for (const [label, search, option] of choices) {
    await choose(page, mapping.getByLabel(label, { exact: true }), search, option);
  }
  await mapping.getByRole('button', { name: 'Save mapping' }).click();
  await seeText(page, `${books.name} mapping saved`);
}

/** Ticks `row` in the Customers or Products section, "Create in …", and waits for it to be linked. */
export async function createInBooks(
  page: Page,
  books: Books,
  section: 'Customers' | 'Products',
  row: string,
) {
  const region = page.getByRole('region', { name: section });
  await region.getByRole('checkbox', { name: `Select ${row}` }).check(PATIENCE);
  await region.getByRole('button', { name: `Create in ${books.name}` }).click();
  await region.getByRole('button', { name: `Unlink ${row}` }).waitFor(PATIENCE);
}

export type OrderableProduct = {
  id: string;
  name: string;
  sku: string;
  /** The café's price, in cents. */
  price: number;
  moq: number;
  pack: number;
};

/**
 * The first product of the links section's first page (the linked one, with `linked`) that the
 * café can order at $5 or more.
 */
export async function orderableProduct(
  parties: Parties,
  books: Books,
  options: { linked?: boolean } = {},
): Promise<OrderableProduct> {
  const { merchant, merchantId, customer, cafeId } = parties;
  const rows = await merchant.get<ProductLinks>(
    `/${books.provider}/organisation/${merchantId}/products?limit=50`,
    merchantId,
  );
  for (const row of rows.items) {
    if (options.linked && !row.link) continue;
    const [seen] = (await customer.catalogue(merchantId, cafeId, row.product.sku)).filter(
      (item) => item.id === row.product.id,
    );
    if (seen && seen.price_cents >= 500) {
      const { id, name, sku } = row.product;
      return { id, name, sku, price: seen.price_cents, moq: seen.min_order_quantity, pack: seen.pack_size };
    }
  }
  throw new Error(`no ${options.linked ? 'linked ' : ''}product of the first page that the café can order`);
}

/**
 * The café orders $120–$300 of `product` (whole packs, at least its minimum) for weekday
 * delivery ($15 delivery below $300), through the cart's API.
 */
export async function placeOrder(parties: Parties, product: OrderableProduct): Promise<Order> {
  const { customer, merchantId, cafeId } = parties;
  const packs = Math.ceil(Math.max(product.moq, Math.ceil(12_000 / product.price)) / product.pack);
  const query = `merchant_id=${merchantId}&customer_organisation_id=${cafeId}`;
  const line = await customer.send('PUT', `/orders/cart/product/${product.id}?${query}`, {
    organisationId: cafeId,
    body: { quantity: packs * product.pack },
  });
  expect(line.status, await line.clone().text()).toBe(200);
  const cartPath = `/orders/cart/organisation/${merchantId}?customer_organisation_id=${cafeId}`;
  const cart = (await line.json()) as Cart;
  const delivery = cart.delivery_options.find((option) => option.kind === 'DELIVERY')!;
  const chosen = await customer.send('PUT', cartPath, {
    organisationId: cafeId,
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
    organisationId: cafeId,
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    body: {},
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const order = (await placed.json()) as Order;
  expect(order.delivery_fee_cents).toBeGreaterThan(0);
  return order;
}

/**
 * Whether the order's product line and its delivery carry GST (the delivery's GST is what the
 * order's holds beyond its lines'), for checking each line's tax code in the books.
 */
export function orderTaxes(order: Order) {
  const [line] = order.lines;
  const linesGst = order.lines.reduce((sum, each) => sum + each.gst_cents, 0);
  return { isProductTaxed: line!.gst_cents > 0, isDeliveryTaxed: order.gst_cents > linesGst };
}

/**
 * Stripe connected, the café pays `order` on its screen with an overseas card (the surcharge on
 * top) and Stripe's webhooks are delivered. Answers the surcharge, in cents.
 */
export async function payByCard(
  accounting: AccountingJourney<StandIn>,
  parties: Parties,
  order: Order,
): Promise<number> {
  await ensureStripeConnected(parties.merchant, parties.merchantId);
  const surcharge = cardSurchargeCents(order.total_cents, 'INTERNATIONAL');
  const payer = await accounting.journey.openPage();
  await signIn(payer, 'customer@demo.test');
  await payer.goto(`/orders/${order.id}`);
  await payer.getByRole('link', { name: 'Pay by card' }).click(PATIENCE);
  const dialog = payer.getByRole('dialog', { name: 'Pay by card' });
  await enterCard(payer, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: `Pay ${money(order.total_cents + surcharge)}` }).click(PATIENCE);
  await dialog.getByText('Payment received').waitFor(PATIENCE);
  await accounting.stripe.settled();
  await payer.context().close();
  return surcharge;
}

/** The provider's tokens (issued, refreshed) never reached the server's log, requests and jobs alike. */
export function expectNoTokenLogged(accounting: AccountingJourney<StandIn>, books: Books) {
  const tokens = accounting.books.issuedTokens();
  expect(tokens.length).toBeGreaterThan(1);
  const log = accounting.journey.server.output();
  expect(log).toContain(`/api/v1/${books.provider}/organisation/`);
  for (const token of tokens) expect(log).not.toContain(token);
}

/** The order's screen (as the merchant's Admin) says its invoice is in the books. */
export async function seeInvoiceSynced(page: Page, books: Books, order: Order) {
  await page.goto(`/orders/${order.id}`);
  await page
    .getByRole('group', { name: `${books.name} invoice` })
    .getByText('Synced')
    .waitFor(PATIENCE);
}

/**
 * The second journey of each file, after the first has connected, mapped and linked: the books
 * answer the next call (the new order's invoice) with 503; the Sync panel shows `message`, the
 * provider's words, and "Retry" sends the invoice once the books answer.
 */
export async function outageThenRetry(
  accounting: AccountingJourney<StandIn & { failNext(count: number, failure: { status: number }): void }>,
  books: Books,
  options: { message: string; invoiceNumbered: (number: string) => unknown },
) {
  const { journey } = accounting;
  const parties = await signInParties(journey.server.url);
  const { merchant, merchantId } = parties;
  const product = await orderableProduct(parties, books, { linked: true });

  accounting.books.failNext(1, { status: 503 });
  const order = await placeOrder(parties, product);
  const number = formatInvoiceNumber(order.invoice_number);
  // The job's first attempt meets the outage (before the page's own reads of the books could).
  await eventually(async () => {
    const health = await merchant.get<AccountingSyncHealth>(
      `/${books.provider}/organisation/${merchantId}/settings/sync`,
      merchantId,
    );
    const isSeen = health.problems.some(
      (problem) => problem.label === number && problem.message === options.message,
    );
    return isSeen || undefined;
  }, 'the outage');

  const page = await journey.openPage();
  await signIn(page, 'merchant@demo.test');
  await page.goto(`/${books.provider}/settings`);
  const sync = page.getByRole('region', { name: 'Sync' });
  await sync.getByText(options.message).waitFor({ timeout: 30_000 });
  expect(options.invoiceNumbered(number)).toBeUndefined();
  await sync.getByRole('button', { name: `Retry ${number}` }).click();
  await seeText(page, 'Sent again');
  await eventually(() => options.invoiceNumbered(number) ?? undefined, number);
  await sync.getByText(options.message).waitFor({ state: 'detached', timeout: 30_000 });
}
