import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../platform/jobs/testing/wait-until.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { receivablesKit, TODAY } from './receivables.testing.ts';
import { sumOwedByDueDate } from './receivables-rollups.queries.ts';
import { ROLLUPS_COMPACTION_JOB } from './rollups-compaction.job.ts';

// The minutely compaction runs as a job in the app's workers: what orders owe moves from change
// rows into the totals, and the overview's figures stay what they were.

let t: TestApp;
const { merchantWithCustomers } = receivablesKit(() => t);

beforeAll(async () => {
  t = await createTestApp({}, { workers: true });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function pendingOwedChanges(merchantId: string): Promise<number> {
  const result = (await db().execute(
    sql`select count(*) as n from receivables_owed_changes where merchant_id = ${merchantId}`,
  )) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]!.n);
}

describe(`the ${ROLLUPS_COMPACTION_JOB} job`, () => {
  it('folds the pending changes into the totals in the app’s workers', async () => {
    const shop = await merchantWithCustomers('Compacting Wholesale');
    await shop.order(shop.cafe, { dueDate: TODAY, exGstCents: 10_000 });
    await shop.order(shop.bistro, { dueDate: TODAY, exGstCents: 5_000 });
    expect(await pendingOwedChanges(shop.merchant.id)).toBeGreaterThan(0);
    const before = await sumOwedByDueDate(db(), { merchantId: shop.merchant.id });
    expect(before).toEqual([{ dueDate: TODAY, count: 2, cents: 16_500 }]);

    await db().transaction((tx) => t.jobs.sendInTransaction(tx, { name: ROLLUPS_COMPACTION_JOB, data: {} }));
    await waitUntil(async () => (await pendingOwedChanges(shop.merchant.id)) === 0, {
      what: 'the compaction job to fold the changes',
    });
    expect(await sumOwedByDueDate(db(), { merchantId: shop.merchant.id })).toEqual(before);
  });
});
