import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumOutstandingByDueDate } from '../modules/receivables/outstanding.queries.ts';
import {
  sumOwedByDueDate,
  sumReceivedByMethodAndDayRollup,
} from '../modules/receivables/receivables-rollups.queries.ts';
import { sumReceivedByMethodAndDay } from '../modules/receivables/received.queries.ts';
import { sumProductSalesFromLines } from '../modules/reports/product-sales-rollups.queries.ts';
import { sumSalesRows } from '../modules/reports/sales-rows.queries.ts';
import type { Database } from '../platform/db/client.ts';
import { organisations } from '../platform/db/schema/index.ts';
import { openTestDatabase } from '../testing/index.ts';
import { seedDemo } from './demo.ts';
import { seedLarge } from './large.ts';

// A freshly seeded database starts compact: the payments overview's change rows that the seeding
// wrote are folded into its totals, which equal the direct aggregates over orders and payments.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const NOW = new Date('2026-11-20T03:00:00.000Z');
const ALL_DAYS = { from: '2000-01-01', to: '2100-01-01' };
const sorted = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();

async function pendingChanges(): Promise<number> {
  const result = (await database.db.execute(
    sql`select (select count(*) from receivables_owed_changes) + (select count(*) from receivables_received_changes) as n`,
  )) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]!.n);
}

async function expectRollupsEqualDirect(merchantId: string) {
  const { db } = database;
  const owed = await sumOwedByDueDate(db, { merchantId });
  expect(owed.length).toBeGreaterThan(0);
  expect(sorted(owed)).toEqual(sorted(await sumOutstandingByDueDate(db, { merchantId })));
  const received = await sumReceivedByMethodAndDayRollup(db, { merchantId, ...ALL_DAYS });
  expect(received.length).toBeGreaterThan(0);
  expect(sorted(received)).toEqual(sorted(await sumReceivedByMethodAndDay(db, { merchantId, ...ALL_DAYS })));
  const [{ timeZone }] = (await db
    .select({ timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, merchantId))) as [{ timeZone: string }];
  const products = await sumSalesRows(db, {
    merchantId,
    timeZone,
    ...ALL_DAYS,
    groupBy: 'product',
    limit: null,
  });
  expect(products.rows.length).toBeGreaterThan(0);
  expect(
    sorted(
      products.rows.map((row) => ({
        productId: row.id,
        lineCount: row.count,
        quantity: row.quantity,
        subtotalCents: row.subtotalCents,
        gstCents: row.gstCents,
      })),
    ),
  ).toEqual(sorted(await sumProductSalesFromLines(db, { merchantId, timeZone, ...ALL_DAYS })));
}

describe('seeding', () => {
  it('leaves the demo data’s overview rollups compact and exact', async () => {
    expect(await seedDemo(database.db, NOW)).toBe(true);
    expect(await pendingChanges()).toBe(0);
    const [merchant] = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.slug, 'harbourside-wholesale'));
    await expectRollupsEqualDirect(merchant!.id);
  });

  it('leaves the large data’s overview rollups compact and exact', async () => {
    const { merchantId } = await seedLarge(database.db, {
      slug: 'large-rollups-test',
      products: 20,
      tiers: 1,
      tierPrices: 10,
      groups: 1,
      customers: 8,
      orders: 400,
      now: NOW,
    });
    expect(await pendingChanges()).toBe(0);
    await expectRollupsEqualDirect(merchantId);
  });
});
