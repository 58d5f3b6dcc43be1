import type { AccountingProvider, AccountingSyncKind } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { markForSending } from './accounting-sync.queries.ts';

// How a change reaches the merchant's books: the module making it calls queueAccountingSync in its
// own transaction, which marks the record as needing sending (a new revision) for each connected
// provider and queues the job that sends it. Both commit with the change or not at all, so a
// placed order is never left unsent and a rolled-back one is never sent. A merchant with no
// connection costs one primary-key probe.

export const ACCOUNTING_SYNC_JOB = 'accounting.sync';
export type AccountingSyncJob = { record_id: string };

/** Attempts before a record is left FAILED for "Retry" (with pg-boss's backoff: about half an hour). */
export const MAX_SYNC_ATTEMPTS = 6;

/** Sends an existing record's job (a retry, a payment whose invoice is now in the books). */
export function sendSyncJob(
  tx: Db,
  jobs: Pick<Jobs, 'sendInTransaction'>,
  recordId: string,
  options: { startAfterSeconds?: number } = {},
) {
  return jobs.sendInTransaction(tx, {
    name: ACCOUNTING_SYNC_JOB,
    data: { record_id: recordId } satisfies AccountingSyncJob,
    retryLimit: MAX_SYNC_ATTEMPTS,
    ...options,
  });
}

export async function queueAccountingSync(
  tx: Db,
  options: {
    jobs: Pick<Jobs, 'sendInTransaction'>;
    merchantId: string;
    kind: AccountingSyncKind;
    /** The orders, payments or credits changed (a bulk move names many). */
    sourceIds: readonly string[];
    /** The merchant's connections, when the caller read them already (syncedProvidersOf). */
    providers?: readonly AccountingProvider[];
  },
): Promise<void> {
  for (const recordId of await markForSending(tx, options)) {
    await sendSyncJob(tx, options.jobs, recordId);
  }
}
