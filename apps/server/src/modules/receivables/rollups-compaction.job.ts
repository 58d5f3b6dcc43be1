import type { Database, Db } from '../../platform/db/client.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { compactProductSalesRollups } from '../reports/product-sales-rollups.queries.ts';
import { compactSalesRollups } from '../reports/sales-rollups.queries.ts';
import { compactReceivablesRollups } from './receivables-rollups.queries.ts';

// The overview's and the sales figures' change rows folded into their totals
// (receivables-rollups.queries.ts, reports/sales-rollups.queries.ts) every minute, so a read adds
// up about a minute of changes on top of the totals. Only speed depends on it: a read is exact
// with any number of changes pending.

export const ROLLUPS_COMPACTION_JOB = 'payments.rollups-compaction';

/** Every rollup's pending changes folded into its totals: the job's work, and seeding's last step. */
export async function compactRollups(db: Db): Promise<void> {
  await compactReceivablesRollups(db);
  await compactSalesRollups(db);
  await compactProductSalesRollups(db);
}

/** How often the compaction is queued. */
export const ROLLUPS_COMPACTION_INTERVAL_MS = 60 * 1000;

export type CompactionLog = { error(obj: object, msg: string): void };

/**
 * Runs the `payments.rollups-compaction` jobs in this process and queues one now and every
 * ROLLUPS_COMPACTION_INTERVAL_MS (the jobs platform offers no cron). Several processes each queue
 * theirs; concurrent compactions each fold only the changes the other has not. `stop` ends the
 * timer.
 */
export async function startRollupsCompaction(options: {
  database: Pick<Database, 'db'>;
  jobs: Pick<Jobs, 'work' | 'sendInTransaction'>;
  log: CompactionLog;
  intervalMs?: number;
}): Promise<{ stop(): Promise<void> }> {
  const { db } = options.database;
  await options.jobs.work(ROLLUPS_COMPACTION_JOB, async () => {
    await compactRollups(db);
  });
  let queueing: Promise<void> = Promise.resolve();
  const queue = () => {
    queueing = db
      // No retries: the next minute's job folds whatever this one did not.
      .transaction((tx) =>
        options.jobs.sendInTransaction(tx, { name: ROLLUPS_COMPACTION_JOB, data: {}, retryLimit: 0 }),
      )
      .catch((error: unknown) => options.log.error({ err: error }, 'could not queue the rollups compaction'));
  };
  queue();
  const timer = setInterval(queue, options.intervalMs ?? ROLLUPS_COMPACTION_INTERVAL_MS);
  timer.unref();
  return {
    // The job queue and database may close as soon as this returns: let a queueing finish first.
    stop: async () => {
      clearInterval(timer);
      await queueing;
    },
  };
}
