import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.ts';
import type { Database } from '../db/client.ts';
import { createJobs, type Jobs } from './jobs.ts';
import { waitUntil } from './testing/wait-until.ts';

let database: Database;
let drop: () => Promise<void>;
let jobs: Jobs;
const warnings: unknown[] = [];
const log = { warn: (obj: object) => warnings.push(obj), error: (obj: object) => warnings.push(obj) };

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});

afterEach(async () => {
  await jobs?.stop();
});

afterAll(async () => {
  await drop();
});

async function startJobs() {
  jobs = await createJobs(database, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, log });
  await jobs.start();
  return jobs;
}

type Seen = { data: unknown };

/** A worker that records what it ran; `marker` jobs let a test know the queue has been drained. */
async function recordingWorker(name: string) {
  const seen: Seen[] = [];
  await jobs.work(name, async (data) => {
    seen.push({ data });
  });
  return seen;
}

async function jobRows(name: string) {
  // Both drivers answer raw SQL with `{ rows }`; pg-boss's tables are not in our drizzle schema.
  const result = (await database.db.execute(
    sql`select state, retry_count, retry_backoff from pgboss.job where name = ${name} order by created_on`,
  )) as unknown as { rows: { state: string; retry_count: number; retry_backoff: boolean }[] };
  return result.rows;
}

describe('jobs', () => {
  it('runs a job whose transaction committed', async () => {
    await startJobs();
    const seen = await recordingWorker('test.commit');
    await database.db.transaction(async (tx) => {
      await jobs.sendInTransaction(tx, { name: 'test.commit', data: { n: 1 } });
    });
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual([{ data: { n: 1 } }]);
    await waitUntil(async () => (await jobRows('test.commit'))[0]?.state === 'completed');
  });

  it('never runs a job whose transaction rolled back', async () => {
    await startJobs();
    const seen = await recordingWorker('test.rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.sendInTransaction(tx, { name: 'test.rollback', data: { kept: false } });
        throw new Error('change rejected');
      }),
    ).rejects.toThrow('change rejected');
    await database.db.transaction(async (tx) => {
      await jobs.sendInTransaction(tx, { name: 'test.rollback', data: { kept: true } });
    });
    // Jobs run in insertion order, so once the later one ran the earlier one would have too.
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual([{ data: { kept: true } }]);
    expect(await jobRows('test.rollback')).toHaveLength(1);
  });

  it('drops a job queued in a savepoint that rolled back, keeping the rest of the transaction', async () => {
    await startJobs();
    const seen = await recordingWorker('test.savepoint');
    await database.db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await jobs.sendInTransaction(savepoint, { name: 'test.savepoint', data: { inner: true } });
          throw new Error('inner step failed');
        })
        .catch(() => {});
      await jobs.sendInTransaction(tx, { name: 'test.savepoint', data: { inner: false } });
    });
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual([{ data: { inner: false } }]);
    expect(await jobRows('test.savepoint')).toHaveLength(1);
  });

  it('creates the queue on the first send, before any worker exists', async () => {
    await startJobs();
    await database.db.transaction(async (tx) => {
      await jobs.sendInTransaction(tx, { name: 'test.early', data: { early: true } });
    });
    expect(await jobRows('test.early')).toEqual([expect.objectContaining({ state: 'created' })]);
    const seen = await recordingWorker('test.early');
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual([{ data: { early: true } }]);
  });

  it('lets several processes start workers for the same new queues at once', async () => {
    // As API processes starting together on one PostgreSQL do: each creates every queue it works.
    const processes = await Promise.all(
      [1, 2, 3].map(async () => {
        const other = await createJobs(database, { pollingIntervalSeconds: 0.5, log });
        await other.start();
        return other;
      }),
    );
    try {
      const queues = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => `test.together-${letter}`);
      // One queue after another within a process, as its start-up does; the processes at once.
      const results = await Promise.allSettled(
        processes.map(async (other) => {
          for (const queue of queues) await other.work(queue, async () => {});
        }),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(processes.map((other) => other.stop()));
    }
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    await startJobs();
    let attempts = 0;
    await jobs.work('test.retry', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('first attempt failed');
    });
    await database.db.transaction(async (tx) => {
      await jobs.sendInTransaction(tx, { name: 'test.retry', data: {}, retryLimit: 3 });
    });
    await waitUntil(async () => (await jobRows('test.retry'))[0]?.state === 'completed');
    expect(attempts).toBe(2);
    expect(await jobRows('test.retry')).toEqual([
      { state: 'completed', retry_count: 1, retry_backoff: true },
    ]);
    expect(warnings).toContainEqual(
      expect.objectContaining({ job: expect.objectContaining({ name: 'test.retry' }) }),
    );
  });

  it('gives up after the retry limit', async () => {
    await startJobs();
    let attempts = 0;
    await jobs.work('test.give-up', async () => {
      attempts += 1;
      throw new Error('always fails');
    });
    await database.db.transaction(async (tx) => {
      await jobs.sendInTransaction(tx, { name: 'test.give-up', data: {}, retryLimit: 0 });
    });
    await waitUntil(async () => (await jobRows('test.give-up'))[0]?.state === 'failed');
    expect(attempts).toBe(1);
  });

  it('lets a running handler finish when stopped', async () => {
    await startJobs();
    let release: () => void = () => {};
    const started: string[] = [];
    await jobs.work('test.stop', async () => {
      started.push('started');
      await new Promise<void>((resolve) => (release = resolve));
    });
    await database.db.transaction(async (tx) => {
      await jobs.sendInTransaction(tx, { name: 'test.stop', data: {} });
    });
    await waitUntil(() => started.length === 1);
    let isStopped = false;
    const stopped = jobs.stop().then(() => (isStopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(isStopped).toBe(false);
    release();
    await stopped;
    expect((await jobRows('test.stop'))[0]?.state).toBe('completed');
  });

  it('refuses a handle that is not a transaction', async () => {
    await startJobs();
    await expect(jobs.sendInTransaction(database.db, { name: 'test.no-tx', data: {} })).rejects.toThrow(
      /db\.transaction/,
    );
  });

  it('refuses workers before start', async () => {
    jobs = await createJobs(database, { log });
    await expect(jobs.work('test.early-worker', async () => {})).rejects.toThrow(/start/);
  });
});
