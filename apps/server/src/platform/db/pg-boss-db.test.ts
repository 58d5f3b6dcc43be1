import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.ts';
import type { Database } from './client.ts';
import { createBossDb, type RootBossDb } from './pg-boss-db.ts';
import { waitUntil } from '../jobs/testing/wait-until.ts';

// pg-boss itself over our adapter, on whichever driver the run uses (PGlite unless DATABASE_URL):
// its schema scripts, fetch/complete/fail and the maintenance that createJobs() leaves on.
let database: Database;
let drop: () => Promise<void>;
let bossDb: RootBossDb;
let boss: PgBoss;
const errors: unknown[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  bossDb = createBossDb(database);
  // supervise off: the test calls maintenance itself instead of waiting for its interval.
  boss = new PgBoss({ db: bossDb, schema: 'boss_compat', supervise: false, schedule: false });
  boss.on('error', (error) => errors.push(error));
  await boss.start();
});

afterAll(async () => {
  await boss.stop({ graceful: false, close: false });
  await bossDb.drain();
  await drop();
});

async function state(name: string, id: string) {
  return (await boss.getJobById(name, id))?.state;
}

describe('pg-boss on our database adapter', () => {
  it('installs its schema through the multi-statement scripts', async () => {
    expect(await boss.isInstalled()).toBe(true);
    expect(await boss.schemaVersion()).toBe(24);
  });

  it('fetches, fails with retry and completes jobs, with array and json parameters', async () => {
    await boss.createQueue('compat.basic');
    const id = await boss.send('compat.basic', { hello: 'world' }, { retryLimit: 1 });
    expect(id).toEqual(expect.any(String));
    const [job] = await boss.fetch<{ hello: string }>('compat.basic');
    expect(job).toMatchObject({ id, data: { hello: 'world' } });
    await boss.fail('compat.basic', id!, { message: 'first try' });
    expect(await state('compat.basic', id!)).toBe('retry');
    const [again] = await boss.fetch('compat.basic');
    await boss.complete('compat.basic', again!.id);
    expect(await state('compat.basic', id!)).toBe('completed');
  });

  it('runs maintenance: an expired active job is put back for retry', async () => {
    await boss.createQueue('compat.expire');
    const id = await boss.send('compat.expire', {}, { expireInSeconds: 1, retryLimit: 1 });
    await boss.fetch('compat.expire');
    expect(await state('compat.expire', id!)).toBe('active');
    // Expiry is judged by the database clock, so keep asking until a second has passed there.
    await waitUntil(
      async () => {
        await boss.expire();
        return (await state('compat.expire', id!)) === 'retry';
      },
      { what: 'the active job to expire' },
    );
    // The full pass createJobs() schedules: expire, archive, drop.
    await boss.maintain();
    expect(await boss.getQueueSize('compat.expire')).toBe(1);
    expect(errors).toEqual([]);
  });

  it('leaves the connection usable after a failed multi-statement script', async () => {
    // On PGlite, the one connection would otherwise stay inside the aborted transaction.
    await expect(bossDb.executeSql('BEGIN; SELECT 1/0; COMMIT;')).rejects.toThrow(/division by zero/);
    const result = (await database.db.execute(sql`select 1 as ok`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ ok: 1 }]);
  });
});
