import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAccounts } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { recordPayment } from '../payments/payment-ledger.ts';
import { sumOutstandingByDueDate } from './outstanding.queries.ts';
import { receivablesKit, TODAY } from './receivables.testing.ts';
import {
  compactReceivablesRollups,
  sumOwedByDueDate,
  sumReceivedByMethodAndDayRollup,
} from './receivables-rollups.queries.ts';
import { sumReceivedByMethodAndDay } from './received.queries.ts';

// Writers for one merchant at once: the rollups' triggers only insert change rows, so concurrent
// payments neither queue on nor deadlock over a summary row, and a customer's tracking flipping
// while its orders are paid, or compactions running beside the writes, lose nothing. Really
// concurrent on PostgreSQL (DATABASE_URL); on PGlite the same calls run one after another.

let t: TestApp;
const { merchantWithCustomers } = receivablesKit(() => t);
let shop: Awaited<ReturnType<typeof merchantWithCustomers>>;

beforeAll(async () => {
  t = await createTestApp();
  shop = await merchantWithCustomers();
});
afterAll(() => t.close());

const RANGE = { from: '2026-01-01', to: '2027-01-01' };
const sorted = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();

async function expectRollupsEqualDirect() {
  const { db } = t.database;
  const merchantId = shop.merchant.id;
  expect(sorted(await sumOwedByDueDate(db, { merchantId }))).toEqual(
    sorted(await sumOutstandingByDueDate(db, { merchantId })),
  );
  expect(sorted(await sumReceivedByMethodAndDayRollup(db, { merchantId, ...RANGE }))).toEqual(
    sorted(await sumReceivedByMethodAndDay(db, { merchantId, ...RANGE })),
  );
}

/** `count` orders of a customer, all due on one day (so their changes share one key). */
async function ordersOf(customer: typeof shop.cafe, count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => shop.order(customer, { dueDate: TODAY, exGstCents: 10_000 + i })),
  );
}

function pay(order: { id: string; customerAccountId: string; totalCents: number }, amountCents: number) {
  return recordPayment(t.database.db, {
    jobs: t.jobs,
    merchantId: shop.merchant.id,
    customerAccountId: order.customerAccountId,
    method: 'BANK_TRANSFER',
    state: 'SUCCESSFUL',
    amountCents,
    paidOn: TODAY,
    idempotencyKey: null,
    recordedByUserId: null,
    allocations: [{ orderId: order.id, amountCents }],
  });
}

describe('the payments overview rollups under concurrent writers', () => {
  it('record 10 payments for one merchant at once, none refused, every one counted', async () => {
    const placed = await ordersOf(shop.cafe, 10);
    const results = await Promise.allSettled(placed.map((order) => pay(order, 1_000)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    await expectRollupsEqualDirect();
    const received = await sumReceivedByMethodAndDayRollup(t.database.db, {
      merchantId: shop.merchant.id,
      ...RANGE,
    });
    expect(received).toEqual([{ method: 'BANK_TRANSFER', paidOn: TODAY, count: 10, cents: 10_000 }]);
  });

  it('lose nothing when a customer’s tracking flips while its orders are placed and paid', async () => {
    const placed = await ordersOf(shop.bistro, 6);
    const flip = (on: boolean) =>
      t.database.db
        .update(customerAccounts)
        .set({ isPaymentsEnabled: on })
        .where(eq(customerAccounts.id, shop.bistro.id));
    const results = await Promise.allSettled([
      ...placed.map((order) => pay(order, 500)),
      flip(false),
      ordersOf(shop.bistro, 3),
      flip(true),
      ordersOf(shop.bistro, 2),
    ]);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    await expectRollupsEqualDirect();
  });

  it('count each change once when compactions run beside the writes and each other', async () => {
    const placed = await ordersOf(shop.cafe, 6);
    const { db } = t.database;
    const results = await Promise.allSettled([
      ...placed.map((order) => pay(order, order.totalCents)),
      compactReceivablesRollups(db),
      compactReceivablesRollups(db),
      ordersOf(shop.bistro, 2),
      compactReceivablesRollups(db),
    ]);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    await expectRollupsEqualDirect();
    await compactReceivablesRollups(db);
    await expectRollupsEqualDirect();
    const pending = (await db.execute(
      sql`select (select count(*) from receivables_owed_changes) + (select count(*) from receivables_received_changes) as n`,
    )) as unknown as { rows: { n: number | string }[] };
    expect(Number(pending.rows[0]!.n)).toBe(0);
  });
});
