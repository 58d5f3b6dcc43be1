import { addDays, PAYMENT_METHODS, type ReceivablesOverview } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import {
  applyCredit,
  insertCredit,
  insertPayment,
  NOW,
  receivablesKit,
  refundPayment,
  TODAY,
} from './receivables.testing.ts';

// The payments overview: what was received in a period, by method and by day, to the cent of the
// payments it covers; and what is outstanding and overdue now.

let t: TestApp;
const { api, merchantWithCustomers } = receivablesKit(() => t);
let shop: Awaited<ReturnType<typeof merchantWithCustomers>>;
/** Every payment recorded, to add up independently of the overview. */
const recorded: {
  method: string;
  state: string;
  amountCents: number;
  refundedCents: number;
  paidOn: string;
}[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  shop = await merchantWithCustomers();
  const { cafe, bistro, untracked, merchant, order } = shop;
  const a = await order(cafe, { dueDate: addDays(TODAY, -40), exGstCents: 20_000 }); // 220.00, overdue
  const b = await order(cafe, { dueDate: addDays(TODAY, 5), exGstCents: 30_000 }); // 330.00, not due
  const c = await order(bistro, { dueDate: addDays(TODAY, -95), exGstCents: 10_001 }); // 110.01, 90+
  await order(untracked, { dueDate: addDays(TODAY, -10), exGstCents: 50_000 }); // not tracked: owes nothing here
  await order(cafe, { dueDate: addDays(TODAY, -10), exGstCents: 40_000, status: 'CANCELLED' });

  const pay = async (options: Parameters<typeof insertPayment>[1]) => {
    const payment = await insertPayment(t, options);
    recorded.push({ ...options, method: payment.method, state: payment.state, refundedCents: 0 });
    return payment;
  };
  const account = { merchantId: merchant.id, customerAccountId: cafe.id };
  await pay({
    ...account,
    amountCents: 5_033,
    paidOn: TODAY,
    method: 'CASH',
    allocations: [{ orderId: a.id, amountCents: 5_033 }],
  });
  const transfer = await pay({
    ...account,
    amountCents: 12_345,
    paidOn: addDays(TODAY, -3),
    method: 'BANK_TRANSFER',
    allocations: [{ orderId: b.id, amountCents: 12_345 }],
  });
  await refundPayment(t, { paymentId: transfer.id, amountCents: 1_000, at: NOW });
  recorded.find((payment) => payment.amountCents === 12_345)!.refundedCents = 1_000;
  await pay({
    merchantId: merchant.id,
    customerAccountId: bistro.id,
    amountCents: 777,
    paidOn: addDays(TODAY, -3),
    method: 'STRIPE_CARD',
    allocations: [{ orderId: c.id, amountCents: 777 }],
  });
  // Outside the last 7 days, failed, voided and still processing: not received.
  await pay({ ...account, amountCents: 9_999, paidOn: addDays(TODAY, -7), method: 'BANK_TRANSFER' });
  await pay({ ...account, amountCents: 4_000, paidOn: TODAY, method: 'STRIPE_CARD', state: 'FAILED' });
  await pay({ ...account, amountCents: 4_100, paidOn: TODAY, method: 'CASH', state: 'VOIDED' });
  await pay({ ...account, amountCents: 4_200, paidOn: TODAY, method: 'STRIPE_CARD', state: 'PROCESSING' });
  // Account credit applied moves no money: reported beside, not in, what was received.
  const credit = await insertCredit(t, { ...account, amountCents: 2_000 });
  await applyCredit(t, {
    ...account,
    creditId: credit.id,
    orderId: a.id,
    amountCents: 1_500,
    paidOn: addDays(TODAY, -1),
  });
  recorded.push({
    method: 'ACCOUNT_CREDIT',
    state: 'SUCCESSFUL',
    amountCents: 1_500,
    refundedCents: 0,
    paidOn: addDays(TODAY, -1),
  });
});
afterAll(() => t.close());

const url = () => `/payments/organisation/${shop.merchant.id}/overview`;

async function overview(query: string, headers = shop.headers) {
  const response = await api('GET', `${url()}${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReceivablesOverview;
}

/** What the period's counted payments add up to, straight from what was recorded. */
function expected(from: string, to: string) {
  const counted = recorded.filter(
    (payment) =>
      ['SUCCESSFUL', 'REFUNDED'].includes(payment.state) && payment.paidOn >= from && payment.paidOn <= to,
  );
  const net = (payment: (typeof counted)[number]) => payment.amountCents - payment.refundedCents;
  const money = counted.filter((payment) => payment.method !== 'ACCOUNT_CREDIT');
  return {
    received: money.reduce((sum, payment) => sum + net(payment), 0),
    count: money.length,
    credit: counted
      .filter((payment) => payment.method === 'ACCOUNT_CREDIT')
      .reduce((sum, p) => sum + net(p), 0),
    byMethod: PAYMENT_METHODS.map((method) => ({
      method,
      payment_count: counted.filter((payment) => payment.method === method).length,
      amount_cents: counted
        .filter((payment) => payment.method === method)
        .reduce((sum, p) => sum + net(p), 0),
    })),
  };
}

describe('payments overview', () => {
  it('adds up the period’s payments to the cent, by method and by day', async () => {
    const result = await overview('?period=LAST_7_DAYS');
    const from = addDays(TODAY, -6);
    expect(result.period).toEqual({ from, to: TODAY });
    expect(result.time_zone).toBe('Australia/Sydney');
    const sums = expected(from, TODAY);
    expect(result.received_cents).toBe(5_033 + 12_345 - 1_000 + 777);
    expect(result.received_cents).toBe(sums.received);
    expect(result.received_count).toBe(sums.count);
    expect(result.credit_applied_cents).toBe(1_500);
    expect(result.by_method).toEqual(sums.byMethod);
    expect(result.by_day).toHaveLength(7);
    expect(result.by_day.map((day) => day.date)).toEqual([...Array(7).keys()].map((i) => addDays(from, i)));
    expect(result.by_day.reduce((sum, day) => sum + day.amount_cents, 0)).toBe(result.received_cents);
    expect(result.by_day.find((day) => day.date === addDays(TODAY, -3))!.amount_cents).toBe(
      12_345 - 1_000 + 777,
    );
    expect(result.by_day.find((day) => day.date === TODAY)!.amount_cents).toBe(5_033);
  });

  it('takes a preset in the merchant’s zone, or both days, and defaults to the last 30 days', async () => {
    const today = await overview('?period=TODAY');
    expect(today.period).toEqual({ from: TODAY, to: TODAY });
    expect(today.received_cents).toBe(5_033);
    const range = await overview(`?from=${addDays(TODAY, -7)}&to=${addDays(TODAY, -7)}`);
    expect(range.received_cents).toBe(9_999);
    expect(range.by_day).toEqual([{ date: addDays(TODAY, -7), amount_cents: 9_999 }]);
    const fallback = await overview('');
    expect(fallback.period).toEqual({ from: addDays(TODAY, -29), to: TODAY });
    expect(fallback.received_cents).toBe(expected(addDays(TODAY, -29), TODAY).received);
    const half = await api('GET', `${url()}?from=${TODAY}`, shop.headers);
    expect(half.statusCode).toBe(400);
    expect(half.json().details).toEqual([
      { path: 'querystring.to', message: 'Choose both the first and the last day' },
    ]);
  });

  it('says what tracked customers owe now, what of it is overdue, and its aging', async () => {
    const result = await overview('?period=TODAY');
    expect(result.as_of).toBe(TODAY);
    // a: 220.00 − 50.33 − 15.00; b: 330.00 − 123.45 + 10.00 refunded; c: 110.01 − 7.77.
    const a = 22_000 - 5_033 - 1_500;
    const b = 33_000 - 12_345 + 1_000;
    const c = 11_001 - 777;
    expect(result.outstanding_cents).toBe(a + b + c);
    expect(result.outstanding_count).toBe(3);
    expect(result.overdue_cents).toBe(a + c);
    expect(result.overdue_count).toBe(2);
    expect(result.aging).toEqual([
      { bucket: 'DAYS_0_30', amount_cents: b, order_count: 1 },
      { bucket: 'DAYS_31_60', amount_cents: a, order_count: 1 },
      { bucket: 'DAYS_61_90', amount_cents: 0, order_count: 0 },
      { bucket: 'DAYS_90_PLUS', amount_cents: c, order_count: 1 },
    ]);
  });

  it('is the merchant’s: a User reads it, a customer gets 403, another merchant 404', async () => {
    expect((await overview('', shop.staff.headers)).received_cents).toBeGreaterThan(0);
    const asCustomer = await api(
      'GET',
      `/payments/organisation/${shop.cafe.organisation_id}/overview`,
      shop.cafePerson.headers,
    );
    expect(asCustomer.statusCode).toBe(403);
    expect((await api('GET', url(), shop.cafePerson.headers)).statusCode).toBe(404);
    const other = await merchantWithCustomers('Another Wholesaler');
    expect((await api('GET', url(), other.headers)).statusCode).toBe(404);
    const empty = (
      await api('GET', `/payments/organisation/${other.merchant.id}/overview`, other.headers)
    ).json();
    expect([empty.received_cents, empty.outstanding_cents]).toEqual([0, 0]);
  });
});
