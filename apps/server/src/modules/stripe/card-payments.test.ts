import { randomUUID } from 'node:crypto';
import {
  cardSurcharge,
  type CardPaymentResult,
  type CardPaymentSetup,
  type CardQuote,
} from '@tradeport/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../testing/index.ts';
import { cardPaymentKit, openStripeWorld, type StripeWorld } from './stripe.testing.ts';

// Paying orders by card over HTTP against the Stripe stand-in: the surcharge shown before paying,
// the payment recorded and settled by Stripe's answer or its webhook, and everything that must not
// take or record money twice.

const OVERSEAS = '4242424242424242';
const AUSTRALIAN = '4000000360000006';
const DECLINED = '4000000000000002';
const AUTHENTICATES = '4000002500003155';

let world: StripeWorld;
beforeAll(async () => {
  world = await openStripeWorld();
});
afterAll(() => world.close());
afterEach(() => world.standIn.setSettlement('immediately'));

const kit = cardPaymentKit(() => world);

async function ok<T>(call: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
  const response = await call;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

describe('before paying', () => {
  it('shows an overseas card’s surcharge, and an Australian card’s smaller one, charging nothing', async () => {
    const shop = await kit.cardShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 3 }]);
    const setup = await ok<CardPaymentSetup>(kit.send('GET', shop.setupUrl, shop.customerPerson.headers));
    expect(setup).toMatchObject({
      is_available: true,
      unavailable_reason: null,
      stripe: { publishable_key: 'pk_test_standin', stripe_account_id: shop.accountId, currency: 'aud' },
      is_fee_passed_on: true,
      orders: [{ id: order.id, number: order.number, payable_cents: order.totalCents }],
      payable_cents: order.totalCents,
    });
    expect(setup.stripe?.stripe_js_url).toBe(`${world.standIn.url}/v3/`);

    const overseas = await ok<CardQuote>(
      kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, {
        confirmation_token: shop.token(OVERSEAS),
      }),
    );
    const surcharge = cardSurcharge({
      amountCents: order.totalCents,
      cardCountry: 'US',
      isFeePassedOn: true,
    });
    expect(overseas).toEqual({
      card: { brand: 'visa', last4: '4242', country: 'US', region: 'INTERNATIONAL' },
      orders: [{ id: order.id, number: order.number, amount_cents: order.totalCents }],
      amount_cents: order.totalCents,
      surcharge: { label: 'Card surcharge (3.5 % + $0.30, card issued outside Australia)', cents: surcharge },
      surcharge_cents: surcharge,
      total_cents: order.totalCents + surcharge,
    });
    const australian = await ok<CardQuote>(
      kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, {
        confirmation_token: shop.token(AUSTRALIAN),
      }),
    );
    expect(australian.card.region).toBe('DOMESTIC');
    expect(australian.surcharge_cents).toBeLessThan(surcharge);
    expect(world.standIn.paymentIntents(shop.accountId)).toEqual([]);
    expect(await kit.paymentsOf(shop.merchant.id)).toEqual([]);
  });

  it('shows no surcharge line when the merchant absorbs card fees', async () => {
    const shop = await kit.cardShop({ isFeePassedOn: false });
    const order = await shop.order([{ productId: shop.products.milk.id, quantity: 4 }]);
    const quote = await ok<CardQuote>(
      kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, {
        confirmation_token: shop.token(OVERSEAS),
      }),
    );
    expect(quote).toMatchObject({ surcharge: null, surcharge_cents: 0, total_cents: order.totalCents });
  });
});

describe('paying', () => {
  it('records the payment processing, and the webhook marks the order Paid', async () => {
    world.standIn.setSettlement('via-webhook');
    const shop = await kit.cardShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 2 }]);
    const token = shop.token(OVERSEAS);
    const quote = await ok<CardQuote>(
      kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, { confirmation_token: token }),
    );
    const paid = await ok<CardPaymentResult>(
      kit.post(shop.payUrl, shop.customerPerson.headers, {
        confirmation_token: token,
        expected_total_cents: quote.total_cents,
      }),
      201,
    );
    expect(paid).toMatchObject({
      state: 'PROCESSING',
      amount_cents: order.totalCents,
      surcharge_cents: quote.surcharge_cents,
      total_cents: quote.total_cents,
      orders: [{ id: order.id, amount_cents: order.totalCents }],
      card: { country: 'US', last4: '4242' },
      client_secret: null,
    });
    expect((await kit.getOrder(order.id, shop.customerPerson.headers)).payment_status).toBe('UNPAID');
    await world.standIn.settled();
    expect((await kit.getOrder(order.id, shop.customerPerson.headers)).payment_status).toBe('PAID');
    const row = await kit.paymentRow(paid.payment_id);
    expect(row).toMatchObject({
      method: 'STRIPE_CARD',
      state: 'SUCCESSFUL',
      surchargeCents: quote.surcharge_cents,
    });
    const [intent] = world.standIn.paymentIntents(shop.accountId);
    expect(intent).toMatchObject({
      id: row.stripePaymentIntentId,
      amount: quote.total_cents,
      status: 'succeeded',
    });
  });

  it('is paid at once when Stripe answers succeeded', async () => {
    const shop = await kit.cardShop();
    const order = await shop.order([{ productId: shop.products.milk.id, quantity: 10 }]);
    const token = shop.token(AUSTRALIAN);
    const quote = await ok<CardQuote>(
      kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, { confirmation_token: token }),
    );
    const paid = await ok<CardPaymentResult>(
      kit.post(shop.payUrl, shop.customerPerson.headers, {
        confirmation_token: token,
        expected_total_cents: quote.total_cents,
      }),
      201,
    );
    expect(paid.state).toBe('SUCCESSFUL');
    expect((await kit.getOrder(order.id, shop.admin.headers)).payment_status).toBe('PAID');
  });

  it('waits for the bank’s authentication, then the webhook settles it', async () => {
    const shop = await kit.cardShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const token = shop.token(AUTHENTICATES);
    const quote = await ok<CardQuote>(
      kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, { confirmation_token: token }),
    );
    const paid = await ok<CardPaymentResult>(
      kit.post(shop.payUrl, shop.customerPerson.headers, {
        confirmation_token: token,
        expected_total_cents: quote.total_cents,
      }),
      201,
    );
    expect(paid.state).toBe('PROCESSING');
    expect(paid.client_secret).toMatch(/^pi_\w+_secret_/);
    // Held by the payment on its way: a second payment (another key) finds nothing to pay.
    const second = await kit.post(shop.payUrl, shop.customerPerson.headers, {
      order_ids: [order.id],
      confirmation_token: shop.token(OVERSEAS),
      expected_total_cents: 1_000,
    });
    expect(second.statusCode).toBe(409);
    world.standIn.authenticate(paid.client_secret!.split('_secret_')[0]!, 'complete');
    await world.standIn.settled();
    expect((await kit.paymentRow(paid.payment_id)).state).toBe('SUCCESSFUL');
    expect((await kit.getOrder(order.id, shop.customerPerson.headers)).payment_status).toBe('PAID');
  });

  it('lets go of a payment abandoned at the bank’s authentication, so its order can be paid again', async () => {
    const shop = await kit.cardShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const token = shop.token(AUTHENTICATES);
    const quote = await ok<CardQuote>(
      kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, { confirmation_token: token }),
    );
    const paid = await ok<CardPaymentResult>(
      kit.post(shop.payUrl, shop.customerPerson.headers, {
        confirmation_token: token,
        expected_total_cents: quote.total_cents,
      }),
      201,
    );
    const held = await ok<CardPaymentSetup>(kit.send('GET', shop.setupUrl, shop.customerPerson.headers));
    expect(held).toMatchObject({ is_available: false, orders: [] });
    world.t.setNow(new Date(Date.now() + 31 * 60_000));
    try {
      const later = await signInAs(world.t.app, shop.customerPerson.user.email);
      const setup = await ok<CardPaymentSetup>(kit.send('GET', shop.setupUrl, later.headers));
      expect(setup.orders.map((payable) => payable.id)).toEqual([order.id]);
    } finally {
      world.t.setNow(new Date());
    }
    expect(await kit.paymentRow(paid.payment_id)).toMatchObject({
      state: 'FAILED',
      failureMessage: 'The payment was not completed (its authentication was abandoned).',
    });
    expect(world.standIn.paymentIntents(shop.accountId)[0]?.status).toBe('canceled');
  });

  it('answers a declined card as a failed payment, and the order stays to pay', async () => {
    const shop = await kit.cardShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const token = shop.token(DECLINED);
    const quote = await ok<CardQuote>(
      kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, { confirmation_token: token }),
    );
    const paid = await ok<CardPaymentResult>(
      kit.post(shop.payUrl, shop.customerPerson.headers, {
        confirmation_token: token,
        expected_total_cents: quote.total_cents,
      }),
      201,
    );
    expect(paid).toMatchObject({ state: 'FAILED', failure_message: 'Your card was declined.' });
    await world.standIn.settled();
    expect((await kit.getOrder(order.id, shop.customerPerson.headers)).payment_status).toBe('UNPAID');
    const setup = await ok<CardPaymentSetup>(kit.send('GET', shop.setupUrl, shop.customerPerson.headers));
    expect(setup.payable_cents).toBe(order.totalCents);
  });

  it('charges once and records once for one Idempotency-Key sent five times at once', async () => {
    const shop = await kit.cardShop();
    await shop.order([{ productId: shop.products.beans.id, quantity: 2 }]);
    await shop.order([{ productId: shop.products.milk.id, quantity: 6 }]);
    const token = shop.token(OVERSEAS);
    const quote = await ok<CardQuote>(
      kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, { confirmation_token: token }),
    );
    const key = randomUUID();
    const body = { confirmation_token: token, expected_total_cents: quote.total_cents };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => kit.post(shop.payUrl, shop.customerPerson.headers, body, key)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().payment_id)).size).toBe(1);
    expect(world.standIn.paymentIntents(shop.accountId)).toHaveLength(1);
    expect(await kit.paymentsOf(shop.merchant.id)).toHaveLength(1);
    const again = await kit.post(shop.payUrl, shop.customerPerson.headers, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ state: 'SUCCESSFUL', orders: quote.orders });
  });

  it('refuses to charge other than the total the payer was shown', async () => {
    const shop = await kit.cardShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const refused = await kit.post(shop.payUrl, shop.customerPerson.headers, {
      confirmation_token: shop.token(OVERSEAS),
      expected_total_cents: order.totalCents,
    });
    expect(refused.statusCode).toBe(409);
    expect(world.standIn.paymentIntents(shop.accountId)).toEqual([]);
    expect(await kit.paymentsOf(shop.merchant.id)).toEqual([]);
  });

  it('lets the merchant take a customer’s card for the orders it names', async () => {
    const shop = await kit.cardShop();
    const first = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    await shop.order([{ productId: shop.products.milk.id, quantity: 2 }]);
    const staff = await kit.memberOf(shop.merchant.id, 'User');
    const url = shop.invoicePaymentUrl(shop.customer.id);
    const setup = await ok<CardPaymentSetup>(kit.send('GET', url, staff.headers));
    expect(setup.orders).toHaveLength(2);
    const token = shop.token(AUSTRALIAN);
    const quote = await ok<CardQuote>(
      kit.send('POST', `${url}/quote`, staff.headers, { order_ids: [first.id], confirmation_token: token }),
    );
    expect(quote.amount_cents).toBe(first.totalCents);
    const paid = await ok<CardPaymentResult>(
      kit.post(url, staff.headers, {
        order_ids: [first.id],
        confirmation_token: token,
        expected_total_cents: quote.total_cents,
      }),
      201,
    );
    expect(paid.orders.map((order) => order.id)).toEqual([first.id]);
    expect((await kit.paymentRow(paid.payment_id)).recordedByUserId).toBe(staff.user.id);
  });
});

describe('another merchant’s or customer’s ids', () => {
  it('are not found, and nothing is charged', async () => {
    const shop = await kit.cardShop();
    const rival = await kit.cardShop({ title: 'Rival Wholesale' });
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const otherCustomersOrder = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }], {
      customerAccountId: shop.other.id,
    });
    const token = shop.token(OVERSEAS);
    const attempts = [
      kit.send('GET', rival.invoicePaymentUrl(shop.customer.id), rival.admin.headers),
      kit.post(rival.invoicePaymentUrl(shop.customer.id), rival.admin.headers, {
        confirmation_token: token,
        expected_total_cents: 5_000,
      }),
      kit.send('GET', shop.invoicePaymentUrl(shop.customer.id), rival.admin.headers),
      kit.send('GET', shop.setupUrl, rival.customerPerson.headers),
      kit.post(shop.payUrl, shop.customerPerson.headers, {
        order_ids: [otherCustomersOrder.id],
        confirmation_token: token,
        expected_total_cents: 5_000,
      }),
      kit.post(shop.payUrl, shop.otherPerson.headers, {
        order_ids: [order.id],
        confirmation_token: token,
        expected_total_cents: 5_000,
      }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.statusCode, attempt.body).toBe(404);
    }
    expect(world.standIn.paymentIntents(shop.accountId)).toEqual([]);
    expect(await kit.paymentsOf(shop.merchant.id)).toEqual([]);
  });
});

describe('when card payments cannot be taken', () => {
  it('says why in the setup and refuses the quote', async () => {
    const shop = await kit.cardShop();
    await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    world.standIn.updateAccount(shop.accountId, { chargesEnabled: false });
    await world.standIn.settled();
    const setup = await ok<CardPaymentSetup>(kit.send('GET', shop.setupUrl, shop.customerPerson.headers));
    expect(setup).toMatchObject({ is_available: false, stripe: null });
    expect(setup.unavailable_reason).toContain('does not take card payments yet');
    const quote = await kit.send('POST', shop.quoteUrl, shop.customerPerson.headers, {
      confirmation_token: shop.token(OVERSEAS),
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().error_code).toBe('CARD_PAYMENTS_NOT_SET_UP');
  });
});
