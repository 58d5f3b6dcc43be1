import { z } from 'zod';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { ACCOUNTING_SYNC_JOB } from './accounting-sync.queue.ts';
import { createAccountingSync } from './accounting-sync.service.ts';

const JobData = z.object({ record_id: z.uuid() });

/** Runs the `accounting.sync` jobs in this process (started with the other workers). */
export async function startAccountingSyncWorker(
  options: Parameters<typeof createAccountingSync>[0] & { jobs: Pick<Jobs, 'work' | 'sendInTransaction'> },
): Promise<void> {
  const sync = createAccountingSync({ ...options, jobs: options.jobs });
  await options.jobs.work(ACCOUNTING_SYNC_JOB, async (data) => {
    await sync.run(JobData.parse(data).record_id);
  });
}
