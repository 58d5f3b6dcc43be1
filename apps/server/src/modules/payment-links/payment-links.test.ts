import { createHash } from 'node:crypto';
import type {
  CardPaymentResult,
  CardQuote,
  CreatedPaymentLink,
  PaymentLink,
  PaymentLinkPage,
} from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLinks } from '../../platform/db/schema/index.ts';
import { cardPaymentKit, openStripeWorld, type StripeWorld } from '../stripe/stripe.testing.ts';

// Pay by link over HTTP against the Stripe stand-in: the merchant makes a link, whoever holds it
// pays without signing in, and a link that expired, was revoked or never existed pays nothing.

let world: StripeWorld;
beforeAll(async () => {
  world = await openStripeWorld();
});
afterAll(() => world.close());

const kit = cardPaymentKit(() => world);

async function ok<T>(call: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
  const response = await call;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const linksUrl = (merchantId: string) => `/payments/organisation/${merchantId}/external-payment-link`;
const publicUrl = (token: string) => `/payments/external-payment-link/${token}`;

async function linkFor(shop: Awaited<ReturnType<typeof kit.cardShop>>, body: object = {}) {
  return ok<CreatedPaymentLink>(
    kit.send('POST', linksUrl(shop.merchant.id), shop.admin.headers, {
      customer_id: shop.customer.id,
      ...body,
    }),
    201,
  );
}

describe('a link for a customer’s balance', () => {
  it('is paid without signing in, the surcharge shown first, and then owes nothing', async () => {
    const shop = await kit.cardShop();
    const first = await shop.order([{ productId: shop.products.beans.id, quantity: 2 }]);
    const second = await shop.order([{ productId: shop.products.milk.id, quantity: 3 }]);
    const link = await linkFor(shop);
    expect(link).toMatchObject({
      state: 'ACTIVE',
      customer: { id: shop.customer.id, name: 'Bean There Café' },
      order: null,
    });
    expect(link.url).toBe(`http://tradeport.test/pay/${link.token}`);
    const [stored] = await world.t.database.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.id, link.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const page = await ok<PaymentLinkPage>(kit.send('GET', publicUrl(link.token), {}));
    expect(page).toMatchObject({
      is_available: true,
      merchant: { id: shop.merchant.id, title: 'Harbour Wholesale' },
      customer: { name: 'Bean There Café' },
      order_id: null,
      payable_cents: first.totalCents + second.totalCents,
    });
    const token = shop.token('4242424242424242');
    const quote = await ok<CardQuote>(
      kit.send('POST', `${publicUrl(link.token)}/quote`, {}, { confirmation_token: token }),
    );
    expect(quote.surcharge?.label).toContain('outside Australia');
    const paid = await ok<CardPaymentResult>(
      kit.post(
        `${publicUrl(link.token)}/pay`,
        {},
        { confirmation_token: token, expected_total_cents: quote.total_cents },
      ),
      201,
    );
    expect(paid).toMatchObject({ state: 'SUCCESSFUL', amount_cents: first.totalCents + second.totalCents });
    const row = await kit.paymentRow(paid.payment_id);
    expect(row).toMatchObject({
      paymentLinkId: link.id,
      recordedByUserId: null,
      customerAccountId: shop.customer.id,
    });
    for (const order of [first, second]) {
      expect((await kit.getOrder(order.id, shop.admin.headers)).payment_status).toBe('PAID');
    }
    const after = await ok<PaymentLinkPage>(kit.send('GET', publicUrl(link.token), {}));
    expect(after).toMatchObject({
      is_available: false,
      unavailable_reason: 'There is nothing to pay.',
      orders: [],
    });
  });
});

describe('a link for one order', () => {
  it('pays only that order', async () => {
    const shop = await kit.cardShop();
    const wanted = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const other = await shop.order([{ productId: shop.products.milk.id, quantity: 1 }]);
    const link = await linkFor(shop, { order_id: wanted.id, expires_in_days: 3 });
    expect(link.order).toEqual({ id: wanted.id, number: wanted.number });
    const page = await ok<PaymentLinkPage>(kit.send('GET', publicUrl(link.token), {}));
    expect(page.orders.map((order) => order.id)).toEqual([wanted.id]);
    const token = shop.token('4000000360000006');
    const quote = await ok<CardQuote>(
      kit.send('POST', `${publicUrl(link.token)}/quote`, {}, { confirmation_token: token }),
    );
    await ok(
      kit.post(
        `${publicUrl(link.token)}/pay`,
        {},
        { confirmation_token: token, expected_total_cents: quote.total_cents },
      ),
      201,
    );
    expect((await kit.getOrder(wanted.id, shop.admin.headers)).payment_status).toBe('PAID');
    expect((await kit.getOrder(other.id, shop.admin.headers)).payment_status).toBe('UNPAID');
  });
});

describe('a link that no longer works', () => {
  it('answers 404 for an unknown token, 410 once revoked or expired, and charges nothing', async () => {
    const shop = await kit.cardShop();
    await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const revoked = await linkFor(shop);
    const expiring = await linkFor(shop, { expires_in_days: 1 });
    const revokedNow = await ok<PaymentLink>(
      kit.send('DELETE', `${linksUrl(shop.merchant.id)}/${revoked.id}`, shop.admin.headers),
    );
    expect(revokedNow.state).toBe('REVOKED');
    expect((await kit.send('GET', publicUrl('x'.repeat(43)), {})).statusCode).toBe(404);
    world.t.setNow(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    try {
      for (const link of [revoked, expiring]) {
        const page = await kit.send('GET', publicUrl(link.token), {});
        expect(page.statusCode).toBe(410);
        expect(page.json().error_code).toBe('PAYMENT_LINK_EXPIRED');
        const pay = await kit.post(
          `${publicUrl(link.token)}/pay`,
          {},
          {
            confirmation_token: shop.token('4242424242424242'),
            expected_total_cents: 10_000,
          },
        );
        expect(pay.statusCode).toBe(410);
      }
    } finally {
      world.t.setNow(new Date());
    }
    expect(world.standIn.paymentIntents(shop.accountId)).toEqual([]);
    expect(await kit.paymentsOf(shop.merchant.id)).toEqual([]);
  });
});

describe('the merchant’s links', () => {
  it('are listed newest first for a customer, and another merchant’s are not found', async () => {
    const shop = await kit.cardShop();
    const rival = await kit.cardShop({ title: 'Rival Wholesale' });
    const older = await linkFor(shop);
    // The app's clock stands still in tests: the second link is made a minute later.
    world.t.setNow(new Date(Date.now() + 60_000));
    const newer = await linkFor(shop).finally(() => world.t.setNow(new Date()));
    const page = await ok<{ items: PaymentLink[]; next_cursor: string | null }>(
      kit.send(
        'GET',
        `${linksUrl(shop.merchant.id)}?customer_id=${shop.customer.id}&limit=1`,
        shop.admin.headers,
      ),
    );
    expect(page.items.map((link) => link.id)).toEqual([newer.id]);
    const rest = await ok<{ items: PaymentLink[] }>(
      kit.send(
        'GET',
        `${linksUrl(shop.merchant.id)}?customer_id=${shop.customer.id}&limit=1&cursor=${page.next_cursor}`,
        shop.admin.headers,
      ),
    );
    expect(rest.items.map((link) => link.id)).toEqual([older.id]);
    const foreign = [
      kit.send('DELETE', `${linksUrl(rival.merchant.id)}/${older.id}`, rival.admin.headers),
      kit.send('GET', `${linksUrl(rival.merchant.id)}?customer_id=${shop.customer.id}`, rival.admin.headers),
      kit.send('POST', linksUrl(rival.merchant.id), rival.admin.headers, { customer_id: shop.customer.id }),
      kit.send('POST', linksUrl(shop.merchant.id), shop.admin.headers, {
        customer_id: shop.customer.id,
        order_id: (await rival.order([{ productId: rival.products.beans.id, quantity: 1 }])).id,
      }),
    ];
    for (const answer of await Promise.all(foreign)) expect(answer.statusCode, answer.body).toBe(404);
    expect((await kit.send('GET', publicUrl(older.token), {})).statusCode).toBe(200);
  });

  it('cannot be made before the merchant can take card payments', async () => {
    const shop = await kit.cardShop();
    world.standIn.updateAccount(shop.accountId, { chargesEnabled: false });
    await world.standIn.settled();
    const refused = await kit.send('POST', linksUrl(shop.merchant.id), shop.admin.headers, {
      customer_id: shop.customer.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_code).toBe('CARD_PAYMENTS_NOT_SET_UP');
  });
});
