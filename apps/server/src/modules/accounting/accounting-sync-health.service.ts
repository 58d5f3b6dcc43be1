import {
  ACCOUNTING_SYNC_STATUSES,
  type AccountingProvider,
  type AccountingSyncHealth,
  type AccountingSyncRecord,
  formatInvoiceNumber,
  SYNC_HEALTH_LIMIT,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import {
  countSyncRecords,
  findSyncRecordView,
  listSourceSyncRecords,
  listSyncProblems,
  requeueFailedSyncRecords,
  requeueSyncRecord,
  type SyncRecordView,
} from './accounting-sync-health.queries.ts';
import { sendSyncJob } from './accounting-sync.queue.ts';

// The sync health panel: how sending to the books is going, what failed and why, and "Retry".

function labelOf(row: SyncRecordView): string {
  if (row.kind === 'INVOICE') return row.invoiceNumber ? formatInvoiceNumber(row.invoiceNumber) : 'Invoice';
  if (row.kind === 'CREDIT_NOTE') return row.creditNumber ? `Credit #${row.creditNumber}` : 'Credit';
  return row.paymentNumber ? `Payment #${row.paymentNumber}` : 'Payment';
}

export function toSyncRecord(row: SyncRecordView): AccountingSyncRecord {
  return {
    id: row.id,
    kind: row.kind,
    source_id: row.sourceId,
    label: labelOf(row),
    status: row.status,
    message: row.status === 'SYNCED' ? null : row.lastError,
    attempts: row.attempts,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    synced_at: row.syncedAt?.toISOString() ?? null,
  };
}

export function createAccountingSyncHealth(deps: Pick<AppDeps, 'database' | 'jobs' | 'now'>) {
  const { db } = deps.database;

  return {
    async health(options: {
      merchantId: string;
      provider: AccountingProvider;
      sourceId?: string;
    }): Promise<AccountingSyncHealth> {
      const [counted, rows] = await Promise.all([
        countSyncRecords(db, options),
        options.sourceId
          ? listSourceSyncRecords(db, { ...options, sourceId: options.sourceId })
          : listSyncProblems(db, { ...options, limit: SYNC_HEALTH_LIMIT }),
      ]);
      const counts = Object.fromEntries(ACCOUNTING_SYNC_STATUSES.map((status) => [status, 0])) as Record<
        (typeof ACCOUNTING_SYNC_STATUSES)[number],
        number
      >;
      for (const { status, count } of counted) counts[status] = count;
      return { counts, problems: rows.map(toSyncRecord) };
    },

    /** Sends everything that failed again: connecting again fixes most failures at once. */
    async retryFailed(options: { merchantId: string; provider: AccountingProvider }) {
      await db.transaction(async (tx: Db) => {
        const ids = await requeueFailedSyncRecords(tx, { ...options, now: deps.now() });
        for (const id of ids) await sendSyncJob(tx, deps.jobs, id);
      });
    },

    async retry(options: {
      merchantId: string;
      provider: AccountingProvider;
      recordId: string;
    }): Promise<AccountingSyncRecord> {
      await db.transaction(async (tx: Db) => {
        if (await requeueSyncRecord(tx, { ...options, now: deps.now() })) {
          await sendSyncJob(tx, deps.jobs, options.recordId);
        }
      });
      const row = await findSyncRecordView(db, options);
      if (!row) throw notFound('Sync record');
      return toSyncRecord(row);
    },
  };
}
