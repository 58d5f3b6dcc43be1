import { randomUUID } from 'node:crypto';
import type { Credit, Payment } from '@tradeport/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { paymentTestKit } from './payments.testing.ts';

// Recording a payment received outside Tradeport: allocations that add up, what is left over,
// the orders' payment status, idempotency under concurrency, and who may do it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = paymentTestKit(() => t);
const { payingShop, bankTransfer, record, post, ok, paymentsUrl, paymentUrl, orderPayments, getOrder, list } =
  kit;

/** The jobs of a name queued for a payment (pg-boss's table, written in the recording transaction). */
async function queuedJobs(name: string, paymentId: string) {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${name} and data->>'payment_id' = ${paymentId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('POST /payments/organisation/{id}', () => {
  it('records a bank transfer that part-pays two orders, whose payment statuses follow', async () => {
    const shop = await payingShop();
    const first = await shop.order([{ productId: shop.products.beans.id, quantity: 2 }]);
    const second = await shop.order([{ productId: shop.products.milk.id, quantity: 10 }]);
    const payment = await record(
      shop,
      bankTransfer(shop, 1_000 + 500, [
        { order_id: first.id, amount_cents: 1_000 },
        { order_id: second.id, amount_cents: 500 },
      ]),
    );
    expect(payment).toMatchObject({
      number: 1,
      method: 'BANK_TRANSFER',
      state: 'SUCCESSFUL',
      amount_cents: 1_500,
      unallocated_cents: 0,
      reference: 'EFT 4471',
      paid_on: '2026-03-02',
      customer: { organisation_id: shop.customer.organisation_id, name: 'Bean There Café' },
      recorded_by_name: 'Ada Admin',
      overpayment_credit: null,
      can_void: true,
      refundable_cents: 1_500,
    });
    expect(payment.allocations.map((a) => [a.order_number, a.amount_cents])).toEqual([
      [first.number, 1_000],
      [second.number, 500],
    ]);

    const firstNow = await getOrder(first.id, shop.admin.headers);
    expect(firstNow).toMatchObject({
      payment_status: 'PARTIALLY_PAID',
      paid_cents: 1_000,
      outstanding_cents: first.totalCents - 1_000,
    });
    // The customer sees the same; paying the rest of the second makes it Paid.
    expect(await getOrder(second.id, shop.customerPerson.headers)).toMatchObject({
      payment_status: 'PARTIALLY_PAID',
      paid_cents: 500,
    });
    await record(
      shop,
      bankTransfer(shop, second.totalCents - 500, [
        { order_id: second.id, amount_cents: second.totalCents - 500 },
      ]),
    );
    expect(await getOrder(second.id, shop.customerPerson.headers)).toMatchObject({
      payment_status: 'PAID',
      paid_cents: second.totalCents,
      outstanding_cents: 0,
    });
    const forCustomer = await orderPayments(second.id, shop.customerPerson.headers);
    expect(forCustomer).toMatchObject({
      payment_status: 'PAID',
      outstanding_cents: 0,
      paid_cents: second.totalCents,
    });
    expect(forCustomer.payments.map((p) => p.number)).toEqual([2, 1]);
    // The receipt's job was queued with the payment.
    expect(await queuedJobs('payment.receipt', payment.id)).toBe(1);
  });

  it('filters the order list by payment status', async () => {
    const shop = await payingShop();
    const unpaid = await shop.order([{ productId: shop.products.milk.id, quantity: 1 }]);
    const part = await shop.order([{ productId: shop.products.milk.id, quantity: 2 }]);
    const paid = await shop.order([{ productId: shop.products.milk.id, quantity: 3 }]);
    const untracked = await kit.shop('Untracked Goods');
    await record(
      shop,
      bankTransfer(shop, 100 + paid.totalCents, [
        { order_id: part.id, amount_cents: 100 },
        { order_id: paid.id, amount_cents: paid.totalCents },
      ]),
    );
    const numbers = async (filter: string) =>
      (await list(shop.merchant.id, shop.admin.headers, { payment_status: filter })).items.map((o) => o.id);
    expect(await numbers('PAID')).toEqual([paid.id]);
    expect(await numbers('UNPAID,PARTIALLY_PAID')).toEqual([part.id, unpaid.id]);
    expect(await numbers('NOT_TRACKED')).toEqual([]);
    // A customer whose payments are not tracked: its orders are NOT_TRACKED, whatever is paid.
    const order = await untracked.order([{ productId: untracked.products.milk.id, quantity: 1 }]);
    const page = await list(untracked.merchant.id, untracked.admin.headers, {
      payment_status: 'NOT_TRACKED',
    });
    expect(page.items.map((o) => [o.id, o.payment_status])).toEqual([[order.id, 'NOT_TRACKED']]);
    // Searching keeps the filter.
    const searched = await list(
      shop.merchant.id,
      shop.admin.headers,
      { q: 'bean', payment_status: 'PAID' },
      '/search',
    );
    expect(searched.items.map((o) => o.id)).toEqual([paid.id]);
  });

  it('refuses allocations that do not add up with 422 and a field error each, writing nothing', async () => {
    const shop = await payingShop();
    const order = await shop.order([{ productId: shop.products.milk.id, quantity: 10 }]);
    const cancelled = await shop.order([{ productId: shop.products.milk.id, quantity: 1 }], {
      status: 'CANCELLED',
    });
    const others = await shop.order([{ productId: shop.products.milk.id, quantity: 1 }], {
      customerAccountId: shop.other.id,
    });
    const before = await fingerprint(t);
    const response = await post(
      paymentsUrl(shop.merchant.id),
      shop.admin.headers,
      bankTransfer(shop, 1_000, [
        { order_id: order.id, amount_cents: 900 },
        { order_id: cancelled.id, amount_cents: 50 },
        { order_id: others.id, amount_cents: 50 },
        { order_id: randomUUID(), amount_cents: 50 },
      ]),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      error_code: 'VALIDATION_FAILED',
      details: [
        { path: 'body.allocations.1.order_id', message: `Order #${cancelled.number} is cancelled` },
        { path: 'body.allocations.2.order_id', message: 'Not one of this customer’s orders' },
        { path: 'body.allocations.3.order_id', message: 'Not one of this customer’s orders' },
        {
          path: 'body.amount_cents',
          message: 'The allocations add up to $10.50, more than the payment’s $10.00',
        },
      ],
    });
    expect(await fingerprint(t)).toEqual(before);
  });

  it('refuses more than an order still owes, counting what pending payments hold of it', async () => {
    const shop = await payingShop();
    const order = await shop.order([{ productId: shop.products.milk.id, quantity: 10 }]);
    const held = order.totalCents - 300;
    // A direct debit on its way holds most of it.
    const upcoming = await record(
      shop,
      bankTransfer(shop, held, [{ order_id: order.id, amount_cents: held }], {
        method: 'EXTERNAL_DIRECT_DEBIT',
        state: 'UPCOMING',
      }),
    );
    expect(upcoming.state).toBe('UPCOMING');
    expect(await getOrder(order.id, shop.admin.headers)).toMatchObject({
      payment_status: 'UNPAID',
      paid_cents: 0,
    });
    const tooMuch = await post(
      paymentsUrl(shop.merchant.id),
      shop.admin.headers,
      bankTransfer(shop, 500, [{ order_id: order.id, amount_cents: 301 }]),
    );
    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(tooMuch.json().details).toEqual([
      {
        path: 'body.allocations.0.amount_cents',
        message: `More than order #${order.number}’s outstanding $3.00`,
      },
    ]);
    const exact = await record(shop, bankTransfer(shop, 300, [{ order_id: order.id, amount_cents: 300 }]));
    expect(exact.allocations[0]!.amount_cents).toBe(300);
  });

  it('keeps what is left over as an OVERPAYMENT credit of the customer', async () => {
    const shop = await payingShop();
    const order = await shop.order([{ productId: shop.products.milk.id, quantity: 2 }]);
    const payment = await record(
      shop,
      bankTransfer(shop, order.totalCents + 2_500, [{ order_id: order.id, amount_cents: order.totalCents }]),
    );
    expect(payment.unallocated_cents).toBe(2_500);
    expect(payment.overpayment_credit).toMatchObject({
      amount_cents: 2_500,
      remaining_cents: 2_500,
      number: 1,
    });
    const credit = await ok<Credit>(
      kit.send(
        'GET',
        `/credits/organisation/${shop.merchant.id}/credit/${payment.overpayment_credit!.id}`,
        shop.admin.headers,
      ),
    );
    expect(credit).toMatchObject({
      source: 'OVERPAYMENT',
      status: 'AVAILABLE',
      reason: `Overpayment of payment #${payment.number}`,
      payment: { id: payment.id, number: payment.number },
      customer: { organisation_id: shop.customer.organisation_id },
      can_void: false,
    });
    // A payment allocated to nothing is all credit.
    const unallocated = await record(shop, bankTransfer(shop, 700, []));
    expect(unallocated.overpayment_credit).toMatchObject({ amount_cents: 700, number: 2 });
  });

  it('records one payment for 10 concurrent identical requests with one key, and answers it to all', async () => {
    const shop = await payingShop();
    const order = await shop.order([{ productId: shop.products.beans.id, quantity: 3 }]);
    const key = randomUUID();
    const body = bankTransfer(shop, order.totalCents + 100, [
      { order_id: order.id, amount_cents: order.totalCents },
    ]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(paymentsUrl(shop.merchant.id), shop.admin.headers, body, key)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(responses.map((response) => (response.json() as Payment).id));
    expect(ids.size).toBe(1);
    expect(await kit.ledgerCounts(shop.merchant.id)).toEqual({
      payments: 1,
      allocations: 1,
      refunds: 0,
      credits: 1,
    });
    expect(await getOrder(order.id, shop.admin.headers)).toMatchObject({ paid_cents: order.totalCents });
    // And later, the same key answers the same payment.
    const again = await post(paymentsUrl(shop.merchant.id), shop.admin.headers, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe([...ids][0]);
  });

  it('needs an Idempotency-Key header and a valid body (400), writing nothing', async () => {
    const shop = await payingShop();
    const noKey = await kit.send(
      'POST',
      paymentsUrl(shop.merchant.id),
      shop.admin.headers,
      bankTransfer(shop, 100, []),
    );
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toMatch(/Idempotency-Key/);
    for (const bad of [
      { amount_cents: 0 },
      { method: 'STRIPE_CARD' },
      { method: 'ACCOUNT_CREDIT' },
      { paid_on: '26/11/2026' },
    ]) {
      const response = await post(
        paymentsUrl(shop.merchant.id),
        shop.admin.headers,
        bankTransfer(shop, 100, [], bad),
      );
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error_code).toBe('VALIDATION_ERROR');
    }
    expect((await kit.ledgerCounts(shop.merchant.id)).payments).toBe(0);
  });

  it('answers 409 PAYMENTS_NOT_ENABLED while the merchant has payments switched off', async () => {
    const shop = await payingShop();
    await t.database.db
      .update(organisations)
      .set({ paymentsEnabled: false })
      .where(eq(organisations.id, shop.merchant.id));
    const response = await post(
      paymentsUrl(shop.merchant.id),
      shop.admin.headers,
      bankTransfer(shop, 100, []),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error_code: 'PAYMENTS_NOT_ENABLED',
      message: expect.stringMatching(/switch/i),
    });
    const credit = await post(`/credits/organisation/${shop.merchant.id}`, shop.admin.headers, {
      customer_organisation_id: shop.customer.organisation_id,
      amount_cents: 100,
      reason: 'Goodwill',
    });
    expect(credit.json().error_code).toBe('PAYMENTS_NOT_ENABLED');
    expect(await kit.ledgerCounts(shop.merchant.id)).toEqual({
      payments: 0,
      allocations: 0,
      refunds: 0,
      credits: 0,
    });
  });

  it('is the merchant’s: a customer gets 403; other organisations’ ids get 404 and change nothing', async () => {
    const shop = await payingShop();
    const rival = await payingShop('Rival Wholesale');
    const order = await shop.order([{ productId: shop.products.milk.id, quantity: 2 }]);
    const payment = await record(shop, bankTransfer(shop, 100, [{ order_id: order.id, amount_cents: 100 }]));
    const before = await fingerprint(t);
    // On its own organisation a customer is refused (403); on the merchant's it is not a member (404).
    const asCustomer = (organisationId: string) =>
      post(paymentsUrl(organisationId), shop.customerPerson.headers, bankTransfer(shop, 100, []));
    expect((await asCustomer(shop.customer.organisation_id)).statusCode).toBe(403);
    expect((await asCustomer(shop.merchant.id)).statusCode).toBe(404);
    // The rival's customer, in this merchant's payment: no such customer here.
    const foreignCustomer = await post(
      paymentsUrl(shop.merchant.id),
      shop.admin.headers,
      bankTransfer(rival, 100, []),
    );
    expect(foreignCustomer.statusCode).toBe(404);
    for (const [url, headers] of [
      [paymentUrl(shop.merchant.id, payment.id), rival.admin.headers],
      [paymentUrl(rival.merchant.id, payment.id), rival.admin.headers],
      [paymentUrl(shop.other.organisation_id, payment.id), shop.otherPerson.headers],
      [`/payments/order/${order.id}`, shop.otherPerson.headers],
      [`/payments/order/${order.id}`, rival.admin.headers],
    ] as const) {
      const response = await kit.send('GET', url, headers);
      expect(response.statusCode, url).toBe(404);
    }
    const rivalVoids = await post(`${paymentUrl(rival.merchant.id, payment.id)}/void`, rival.admin.headers);
    expect(rivalVoids.statusCode).toBe(404);
    expect(await fingerprint(t)).toEqual(before);
    // Its own customer reads it, without the merchant's actions.
    const seen = await ok<Payment>(
      kit.send('GET', paymentUrl(shop.customer.organisation_id, payment.id), shop.customerPerson.headers),
    );
    expect(seen).toMatchObject({ id: payment.id, can_void: false, refundable_cents: 0, allowed_states: [] });
  });
});
