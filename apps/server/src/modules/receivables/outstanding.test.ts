import { addDays, OUTSTANDING_CSV_COLUMNS, type OutstandingOrder } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { insertPayment, NOW, receivablesKit, TODAY } from './receivables.testing.ts';

// The outstanding list: unpaid and part-paid orders of tracked customers, oldest due first, aged
// on the merchant's day; its filters, paging and CSV; who may read it.

let t: TestApp;
const { api, merchantWithCustomers } = receivablesKit(() => t);
let shop: Awaited<ReturnType<typeof merchantWithCustomers>>;
/** Order numbers by what each is for. */
const n: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  shop = await merchantWithCustomers();
  const { cafe, bistro, untracked, order, merchant } = shop;
  const due = (days: number) => addDays(TODAY, -days);
  const place = async (name: string, customer: typeof cafe, dueDate: string, exGstCents = 10_000) => {
    const placed = await order(customer, { dueDate, exGstCents });
    n[name] = placed.number;
    return placed;
  };
  await place('dueToday', cafe, due(0));
  await place('days30', cafe, due(30));
  const partPaid = await place('days31', cafe, due(31));
  await place('days60', cafe, due(60));
  await place('days61', cafe, due(61));
  await place('days90', cafe, due(90));
  await place('days91', cafe, due(91));
  await place('notYetDue', cafe, addDays(TODAY, 10));
  const paid = await place('paid', cafe, due(40));
  const cancelled = await order(cafe, { dueDate: due(50), exGstCents: 10_000, status: 'CANCELLED' });
  n.cancelled = cancelled.number;
  await place('bistro45', bistro, due(45));
  await place('untracked', untracked, due(100));
  await insertPayment(t, {
    merchantId: merchant.id,
    customerAccountId: cafe.id,
    amountCents: 16_000,
    paidOn: due(5),
    allocations: [
      { orderId: partPaid.id, amountCents: 5_000 },
      { orderId: paid.id, amountCents: 11_000 },
    ],
  });
});
afterAll(() => t.close());

const base = () => `/payments/organisation/${shop.merchant.id}/outstanding`;

async function list(url: string, headers = shop.headers) {
  const response = await api('GET', url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: OutstandingOrder[]; next_cursor: string | null; as_of: string };
}

const numbers = (items: OutstandingOrder[]) => items.map((item) => item.number);

describe('outstanding orders', () => {
  it('lists unpaid and part-paid orders of tracked customers, oldest due first, aged on the merchant’s day', async () => {
    const page = await list(`${base()}?limit=100`);
    expect(page.as_of).toBe(TODAY);
    expect(numbers(page.items)).toEqual([
      n.days91,
      n.days90,
      n.days61,
      n.days60,
      n.bistro45,
      n.days31,
      n.days30,
      n.dueToday,
      n.notYetDue,
    ]);
    const byNumber = new Map(page.items.map((item) => [item.number, item]));
    const aging = (name: string) => {
      const item = byNumber.get(n[name]!)!;
      return [item.days_overdue, item.aging_bucket, item.is_overdue];
    };
    // The boundaries: 30/31, 60/61, 90/91 days past due.
    expect(aging('days30')).toEqual([30, 'DAYS_0_30', true]);
    expect(aging('days31')).toEqual([31, 'DAYS_31_60', true]);
    expect(aging('days60')).toEqual([60, 'DAYS_31_60', true]);
    expect(aging('days61')).toEqual([61, 'DAYS_61_90', true]);
    expect(aging('days90')).toEqual([90, 'DAYS_61_90', true]);
    expect(aging('days91')).toEqual([91, 'DAYS_90_PLUS', true]);
    expect(aging('dueToday')).toEqual([0, 'DAYS_0_30', false]);
    expect(aging('notYetDue')).toEqual([0, 'DAYS_0_30', false]);

    const partPaid = byNumber.get(n.days31!)!;
    expect(partPaid).toMatchObject({
      total_cents: 11_000,
      paid_cents: 5_000,
      outstanding_cents: 6_000,
      payment_status: 'PARTIALLY_PAID',
      due_date: addDays(TODAY, -31),
      customer: { id: shop.cafe.id, organisation_id: shop.cafe.organisation_id, name: 'Bean There Café' },
    });
    expect(byNumber.get(n.days30!)).toMatchObject({ payment_status: 'UNPAID', outstanding_cents: 11_000 });
  });

  it('pages by due date without losing or repeating an order', async () => {
    const seen: number[] = [];
    let url = `${base()}?limit=2`;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await list(url);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...numbers(page.items));
      if (!page.next_cursor) break;
      url = `${base()}?limit=2&cursor=${page.next_cursor}`;
    }
    expect(seen).toEqual(numbers((await list(`${base()}?limit=100`)).items));
    expect((await api('GET', `${base()}?cursor=not-a-cursor`, shop.headers)).statusCode).toBe(400);
  });

  it('filters by aging bucket, overdue only and customer', async () => {
    expect(numbers((await list(`${base()}?aging=DAYS_61_90`)).items)).toEqual([n.days90, n.days61]);
    expect(numbers((await list(`${base()}?aging=DAYS_90_PLUS`)).items)).toEqual([n.days91]);
    expect(numbers((await list(`${base()}?aging=DAYS_0_30`)).items)).toEqual([
      n.days30,
      n.dueToday,
      n.notYetDue,
    ]);
    expect(numbers((await list(`${base()}?aging=DAYS_0_30&overdue=true`)).items)).toEqual([n.days30]);
    expect(numbers((await list(`${base()}?overdue=true&limit=100`)).items)).not.toContain(n.dueToday);
    expect(
      numbers((await list(`${base()}?customer_organisation_id=${shop.bistro.organisation_id}`)).items),
    ).toEqual([n.bistro45]);
    const invalid = await api('GET', `${base()}?aging=DAYS_1_2`, shop.headers);
    expect(invalid.statusCode).toBe(400);
  });

  it('lets a merchant User read it', async () => {
    expect((await list(`${base()}?limit=100`, shop.staff.headers)).items).toHaveLength(9);
  });

  it('lets a customer read its own with the merchant it names, and nobody else’s', async () => {
    const own = `/payments/organisation/${shop.cafe.organisation_id}/outstanding`;
    const headers = shop.cafePerson.headers;
    const mine = await list(`${own}?merchant_id=${shop.merchant.id}&limit=100`, headers);
    expect(numbers(mine.items)).toEqual([
      n.days91,
      n.days90,
      n.days61,
      n.days60,
      n.days31,
      n.days30,
      n.dueToday,
      n.notYetDue,
    ]);
    const unnamed = await api('GET', own, headers);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().details).toEqual([
      { path: 'querystring.merchant_id', message: 'Required for a customer organisation' },
    ]);
    const other = await merchantWithCustomers('Another Wholesaler');
    expect((await api('GET', `${own}?merchant_id=${other.merchant.id}`, headers)).statusCode).toBe(404);
    // The merchant's own list, or another customer's, is not the café's to read.
    expect((await api('GET', base(), headers)).statusCode).toBe(404);
    const bistroList = `/payments/organisation/${shop.bistro.organisation_id}/outstanding?merchant_id=${shop.merchant.id}`;
    expect((await api('GET', bistroList, headers)).statusCode).toBe(404);
    // Another merchant's Admin reads none of this merchant's.
    expect((await api('GET', base(), other.headers)).statusCode).toBe(404);
  });
});

describe('outstanding CSV', () => {
  it('has the list’s orders and figures, filtered the same way', async () => {
    const response = await api('GET', `${base()}/csv?aging=DAYS_31_60`, shop.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="outstanding-payments.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(OUTSTANDING_CSV_COLUMNS.join(','));
    const page = await list(`${base()}?aging=DAYS_31_60`);
    const invoice = (number: number) =>
      `INV-${String(page.items.find((item) => item.number === number)!.invoice_number).padStart(6, '0')}`;
    expect(lines.slice(1)).toEqual([
      `${invoice(n.days60!)},${n.days60},Bean There Café,${addDays(TODAY, -90)},${addDays(TODAY, -60)},110.00,0.00,110.00,60,31–60 days,Unpaid`,
      `${invoice(n.bistro45!)},${n.bistro45},The Corner Bistro,${addDays(TODAY, -75)},${addDays(TODAY, -45)},110.00,0.00,110.00,45,31–60 days,Unpaid`,
      `${invoice(n.days31!)},${n.days31},Bean There Café,${addDays(TODAY, -61)},${addDays(TODAY, -31)},110.00,50.00,60.00,31,31–60 days,Partially Paid`,
    ]);
  });

  it('is the customer’s own with the merchant it names', async () => {
    const own = `/payments/organisation/${shop.cafe.organisation_id}/outstanding/csv?merchant_id=${shop.merchant.id}`;
    const response = await api('GET', own, shop.cafePerson.headers);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('The Corner Bistro');
    expect(response.body.trimEnd().split('\r\n')).toHaveLength(1 + 8);
  });
});
