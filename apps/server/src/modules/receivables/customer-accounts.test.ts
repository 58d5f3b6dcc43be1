import { addDays, type CustomerAccountBalance } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import {
  applyCredit,
  insertCredit,
  insertPayment,
  NOW,
  receivablesKit,
  TODAY,
} from './receivables.testing.ts';

// Customer Accounts: each customer's balance, overdue amount, available credit and credit limit
// used, by name; the merchant's alone.

let t: TestApp;
const { api, merchantWithCustomers } = receivablesKit(() => t);
let shop: Awaited<ReturnType<typeof merchantWithCustomers>>;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  shop = await merchantWithCustomers();
  const { cafe, bistro, untracked, merchant, order } = shop;
  const cafeAccount = { merchantId: merchant.id, customerAccountId: cafe.id };
  const a = await order(cafe, { dueDate: addDays(TODAY, -40), exGstCents: 20_000 }); // 220.00
  await order(cafe, { dueDate: addDays(TODAY, 5), exGstCents: 30_000 }); // 330.00, not yet due
  await order(cafe, { dueDate: addDays(TODAY, -5), exGstCents: 99_000, status: 'CANCELLED' });
  await order(bistro, { dueDate: addDays(TODAY, -1), exGstCents: 10_000 }); // 110.00, due yesterday
  await order(untracked, { dueDate: addDays(TODAY, -60), exGstCents: 50_000 });
  await insertPayment(t, {
    ...cafeAccount,
    amountCents: 5_000,
    paidOn: TODAY,
    allocations: [{ orderId: a.id, amountCents: 5_000 }],
  });
  await insertCredit(t, { ...cafeAccount, amountCents: 2_000 });
  await insertCredit(t, { ...cafeAccount, amountCents: 3_000, voidedAt: NOW });
  const partlySpent = await insertCredit(t, {
    ...cafeAccount,
    amountCents: 1_000,
    source: 'ORDER_ADJUSTMENT',
  });
  await applyCredit(t, {
    ...cafeAccount,
    creditId: partlySpent.id,
    orderId: a.id,
    amountCents: 400,
    paidOn: TODAY,
  });
});
afterAll(() => t.close());

const url = () => `/payments/organisation/${shop.merchant.id}/customers`;

async function list(query = '', headers = shop.headers) {
  const response = await api('GET', `${url()}${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: CustomerAccountBalance[]; next_cursor: string | null; as_of: string };
}

describe('customer accounts', () => {
  it('shows each customer’s balance, overdue amount, available credit and credit limit used', async () => {
    const page = await list('?limit=100');
    expect(page.as_of).toBe(TODAY);
    const byName = new Map(page.items.map((item) => [item.name, item]));
    const cafeBalance = 22_000 - 5_000 - 400 + 33_000;
    expect(byName.get('Bean There Café')).toEqual({
      id: shop.cafe.id,
      organisation_id: shop.cafe.organisation_id,
      name: 'Bean There Café',
      archived: false,
      is_payments_enabled: true,
      is_overdue_reminders_enabled: true,
      balance_cents: cafeBalance,
      outstanding_count: 2,
      overdue_cents: 22_000 - 5_000 - 400,
      // 20.00 unspent, 6.00 left of 10.00; the voided 30.00 is gone.
      available_credit_cents: 2_000 + 600,
      credit_limit_cents: 100_000,
      credit_limit_used_basis_points: Math.round((cafeBalance * 10_000) / 100_000),
      is_over_credit_limit: false,
    });
    expect(byName.get('The Corner Bistro')).toMatchObject({
      balance_cents: 11_000,
      overdue_cents: 11_000,
      available_credit_cents: 0,
      credit_limit_cents: null,
      credit_limit_used_basis_points: null,
    });
    // Not tracked: its orders owe nothing here.
    expect(byName.get('Untracked Deli')).toMatchObject({
      is_payments_enabled: false,
      balance_cents: 0,
      overdue_cents: 0,
      outstanding_count: 0,
    });
  });

  it('goes by name, a page at a time, with search', async () => {
    const all = (await list('?limit=100')).items.map((item) => item.name);
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all).toEqual(expect.arrayContaining(['Bean There Café', 'The Corner Bistro', 'Untracked Deli']));
    const walked: string[] = [];
    let query = '?limit=1';
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await list(query);
      walked.push(...page.items.map((item) => item.name));
      if (!page.next_cursor) break;
      query = `?limit=1&cursor=${page.next_cursor}`;
    }
    expect(walked).toEqual(all);
    expect((await list('?search=corner')).items.map((item) => item.name)).toEqual(['The Corner Bistro']);
    expect((await api('GET', `${url()}?search=c`, shop.headers)).statusCode).toBe(400);
  });

  it('is the merchant’s alone: a customer gets 403 on its own id, 404 on the merchant’s', async () => {
    expect((await list('', shop.staff.headers)).items.length).toBeGreaterThan(0);
    const own = `/payments/organisation/${shop.cafe.organisation_id}/customers`;
    const refused = await api('GET', own, shop.cafePerson.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe('FORBIDDEN');
    expect((await api('GET', url(), shop.cafePerson.headers)).statusCode).toBe(404);
    const other = await merchantWithCustomers('Another Wholesaler');
    expect((await api('GET', url(), other.headers)).statusCode).toBe(404);
  });
});
