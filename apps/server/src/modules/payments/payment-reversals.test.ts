import { randomUUID } from 'node:crypto';
import type { Payment } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { recordPayment, settleCardPayment } from './payment-ledger.ts';
import { paymentTestKit } from './payments.testing.ts';

// Taking payments back and settling them: void, refund (part and full), the state machine's
// refusals, pending payments settled by hand, and card payments settled by Stripe's word.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = paymentTestKit(() => t);
const { payingShop, bankTransfer, record, post, ok, paymentUrl, getOrder } = kit;

type Shop = Awaited<ReturnType<typeof payingShop>>;

const voidIt = (shop: Shop, paymentId: string) =>
  post(`${paymentUrl(shop.merchant.id, paymentId)}/void`, shop.admin.headers);
const refund = (shop: Shop, paymentId: string, amountCents: number, key?: string) =>
  post(
    `${paymentUrl(shop.merchant.id, paymentId)}/refund`,
    shop.admin.headers,
    { amount_cents: amountCents },
    key,
  );
const setState = (shop: Shop, payment: Payment, state: string, extra: object = {}) =>
  post(`${paymentUrl(shop.merchant.id, payment.id)}/state`, shop.admin.headers, {
    version: payment.version,
    state,
    ...extra,
  });

async function twoOrdersPaid(shop: Shop, extraCents = 0) {
  const older = await shop.order([{ productId: shop.products.milk.id, quantity: 2 }]);
  const newer = await shop.order([{ productId: shop.products.milk.id, quantity: 3 }]);
  const payment = await record(
    shop,
    bankTransfer(shop, older.totalCents + newer.totalCents + extraCents, [
      { order_id: older.id, amount_cents: older.totalCents },
      { order_id: newer.id, amount_cents: newer.totalCents },
    ]),
  );
  return { older, newer, payment };
}

describe('void', () => {
  it('voids a payment: its orders owe again, its unspent credit is voided, and voiding again changes nothing', async () => {
    const shop = await payingShop();
    const { older, newer, payment } = await twoOrdersPaid(shop, 900);
    const voided = await ok<Payment>(voidIt(shop, payment.id));
    expect(voided).toMatchObject({ state: 'VOIDED', can_void: false, refundable_cents: 0 });
    expect(voided.voided_at).not.toBeNull();
    expect(voided.overpayment_credit).toMatchObject({ amount_cents: 900, remaining_cents: 0 });
    for (const order of [older, newer]) {
      expect(await getOrder(order.id, shop.admin.headers)).toMatchObject({
        payment_status: 'UNPAID',
        paid_cents: 0,
      });
    }
    const before = await fingerprint(t);
    const again = await ok<Payment>(voidIt(shop, payment.id));
    expect(again.version).toBe(voided.version);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('refuses to void a payment whose credit was applied (409), changing nothing', async () => {
    const shop = await payingShop();
    const { payment } = await twoOrdersPaid(shop, 900);
    const target = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    await ok(
      post(
        `/credits/organisation/${shop.merchant.id}/credit/${payment.overpayment_credit!.id}/apply`,
        shop.admin.headers,
        {
          allocations: [{ order_id: target.id, amount_cents: 400 }],
        },
      ),
      201,
    );
    const before = await fingerprint(t);
    const response = await voidIt(shop, payment.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error_code: 'CONFLICT',
      message: expect.stringMatching(/applied/),
    });
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('refund', () => {
  it('refunds in part from the newest orders first, then the rest: REFUNDED, and the orders owe all again', async () => {
    const shop = await payingShop();
    const { older, newer, payment } = await twoOrdersPaid(shop);
    const key = randomUUID();
    const part = await ok<Payment>(refund(shop, payment.id, newer.totalCents + 100, key), 201);
    expect(part).toMatchObject({
      state: 'SUCCESSFUL',
      refunded_cents: newer.totalCents + 100,
      refundable_cents: older.totalCents - 100,
      can_void: false,
    });
    expect(part.refunds).toHaveLength(1);
    expect(await getOrder(newer.id, shop.admin.headers)).toMatchObject({
      payment_status: 'UNPAID',
      paid_cents: 0,
    });
    expect(await getOrder(older.id, shop.admin.headers)).toMatchObject({
      payment_status: 'PARTIALLY_PAID',
      paid_cents: older.totalCents - 100,
    });
    // The same key again answers the same refund.
    const replay = await refund(shop, payment.id, newer.totalCents + 100, key);
    expect(replay.statusCode).toBe(200);
    expect((replay.json() as Payment).refunds).toHaveLength(1);
    // More than is left: 422 on the amount.
    const tooMuch = await refund(shop, payment.id, older.totalCents);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().details[0].path).toBe('body.amount_cents');

    const rest = await ok<Payment>(refund(shop, payment.id, older.totalCents - 100), 201);
    expect(rest).toMatchObject({
      state: 'REFUNDED',
      refunded_cents: payment.amount_cents,
      refundable_cents: 0,
    });
    expect(await getOrder(older.id, shop.admin.headers)).toMatchObject({
      payment_status: 'UNPAID',
      paid_cents: 0,
    });
  });

  it('takes a refund from the payment’s unspent credit first', async () => {
    const shop = await payingShop();
    const { older, payment } = await twoOrdersPaid(shop, 1_000);
    const refunded = await ok<Payment>(refund(shop, payment.id, 1_500), 201);
    expect(refunded.overpayment_credit).toMatchObject({ amount_cents: 1_000, remaining_cents: 0 });
    // The other 500 from the newest order; the older stays paid.
    expect(await getOrder(older.id, shop.admin.headers)).toMatchObject({ payment_status: 'PAID' });
    expect(refunded.allocations.map((a) => a.refunded_cents).sort((a, b) => a - b)).toEqual([0, 500]);
  });
});

describe('the state machine', () => {
  it('answers moves it does not allow with 409 STATUS_TRANSITION_NOT_ALLOWED, changing nothing', async () => {
    const shop = await payingShop();
    const { payment: refunded } = await twoOrdersPaid(shop);
    await ok(refund(shop, refunded.id, refunded.amount_cents), 201);
    const { payment: voided } = await twoOrdersPaid(shop);
    await ok(voidIt(shop, voided.id));
    const { payment: partRefunded } = await twoOrdersPaid(shop);
    await ok(refund(shop, partRefunded.id, 100), 201);
    const { payment: successful } = await twoOrdersPaid(shop);
    const before = await fingerprint(t);
    for (const [call, what] of [
      [voidIt(shop, refunded.id), 'void a refunded payment'],
      [refund(shop, refunded.id, 1), 'refund a refunded payment'],
      [refund(shop, voided.id, 1), 'refund a voided payment'],
      [voidIt(shop, partRefunded.id), 'void a payment refunded in part'],
      [setState(shop, successful, 'FAILED'), 'fail a successful payment'],
      [setState(shop, successful, 'PROCESSING'), 'send a successful payment back to processing'],
    ] as const) {
      const response = await call;
      expect(response.statusCode, what).toBe(409);
      expect(response.json().error_code, what).toBe('STATUS_TRANSITION_NOT_ALLOWED');
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('settles a direct debit by hand: processing, then successful pays its orders', async () => {
    const shop = await payingShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const upcoming = await record(
      shop,
      bankTransfer(shop, order.totalCents + 50, [{ order_id: order.id, amount_cents: order.totalCents }], {
        method: 'EXTERNAL_DIRECT_DEBIT',
        state: 'UPCOMING',
      }),
    );
    expect(upcoming.allowed_states).toEqual(['PROCESSING', 'SUCCESSFUL', 'FAILED']);
    expect(upcoming.overpayment_credit).toBeNull();
    const processing = await ok<Payment>(setState(shop, upcoming, 'PROCESSING'));
    expect(processing).toMatchObject({ state: 'PROCESSING', allowed_states: ['SUCCESSFUL', 'FAILED'] });
    const stale = await setState(shop, upcoming, 'SUCCESSFUL');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    const received = await ok<Payment>(setState(shop, processing, 'SUCCESSFUL'));
    expect(received.state).toBe('SUCCESSFUL');
    // What it left over becomes credit only now that it is received.
    expect(received.overpayment_credit).toMatchObject({ amount_cents: 50 });
    expect(await getOrder(order.id, shop.admin.headers)).toMatchObject({ payment_status: 'PAID' });
    // Moving to the state it is in answers it unchanged.
    const same = await ok<Payment>(setState(shop, received, 'SUCCESSFUL'));
    expect(same.version).toBe(received.version);
  });

  it('fails a pending payment: its orders stay unpaid and the failure is kept', async () => {
    const shop = await payingShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const upcoming = await record(
      shop,
      bankTransfer(shop, order.totalCents, [{ order_id: order.id, amount_cents: order.totalCents }], {
        method: 'EXTERNAL_DIRECT_DEBIT',
        state: 'PROCESSING',
      }),
    );
    const failed = await ok<Payment>(
      setState(shop, upcoming, 'FAILED', { failure_message: 'Account closed' }),
    );
    expect(failed).toMatchObject({ state: 'FAILED', failure_message: 'Account closed', allowed_states: [] });
    expect(await getOrder(order.id, shop.admin.headers)).toMatchObject({ payment_status: 'UNPAID' });
    // Released: the order can be paid in full by another payment.
    await record(
      shop,
      bankTransfer(shop, order.totalCents, [{ order_id: order.id, amount_cents: order.totalCents }]),
    );
  });

  it('settles a card payment by Stripe’s word, once, and refuses to void or hand-refund it', async () => {
    const shop = await payingShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 1 }]);
    const { db } = t.database;
    const { paymentId } = await recordPayment(db, {
      jobs: t.jobs,
      merchantId: shop.merchant.id,
      customerAccountId: shop.customer.id,
      method: 'STRIPE_CARD',
      state: 'PROCESSING',
      amountCents: order.totalCents,
      surchargeCents: 99,
      paidOn: '2026-03-02',
      idempotencyKey: randomUUID(),
      recordedByUserId: null,
      allocations: [{ orderId: order.id, amountCents: order.totalCents }],
      stripePaymentIntentId: `pi_${randomUUID()}`,
      card: { country: 'NZ', brand: 'visa', last4: '4242' },
    });
    const settle = () =>
      db.transaction((tx) => settleCardPayment(tx, { jobs: t.jobs, paymentId, state: 'SUCCESSFUL' }));
    expect(await settle()).toEqual({ changed: true });
    expect(await settle()).toEqual({ changed: false });
    expect(await getOrder(order.id, shop.admin.headers)).toMatchObject({ payment_status: 'PAID' });
    const payment = await ok<Payment>(
      kit.send('GET', paymentUrl(shop.merchant.id, paymentId), shop.admin.headers),
    );
    expect(payment).toMatchObject({
      surcharge_cents: 99,
      card: { brand: 'visa', last4: '4242', country: 'NZ' },
      can_void: false,
      allowed_states: [],
    });
    expect((await voidIt(shop, paymentId)).json().error_code).toBe('STATUS_TRANSITION_NOT_ALLOWED');
    expect((await refund(shop, paymentId, 100)).statusCode).toBe(409);
    expect((await setState(shop, payment, 'FAILED')).json().error_code).toBe('STATUS_TRANSITION_NOT_ALLOWED');
  });
});
