import { ACCOUNTING_PROVIDER_NAMES, isMappingComplete } from '@tradeport/contract';
import {
  ProviderRateLimitedError,
  ProviderRefusedError,
} from '../../integrations/accounting/accounting-errors.ts';
import type { Db } from '../../platform/db/client.ts';
import { findConnection, saveConnection } from './accounting-connections.queries.ts';
import { createAccountingConnections } from './accounting-connections.service.ts';
import { SyncNotReadyError } from './accounting-sync-documents.ts';
import { sendCreditNote, sendInvoice } from './accounting-sync-invoices.ts';
import { createPaymentSender } from './accounting-sync-payments.ts';
import { metered, type Run, type SyncDeps } from './accounting-sync-run.ts';
import {
  claimSyncRecord,
  finishSyncRecord,
  listWaitingOn,
  noteSyncAttempt,
  type SyncOutcome,
  type SyncRecordRow,
} from './accounting-sync.queries.ts';
import { MAX_SYNC_ATTEMPTS, sendSyncJob } from './accounting-sync.queue.ts';

// Sending one record to the merchant's books (the accounting.sync job's handler): an order's
// invoice, a payment. Each run claims the record (a lease, so two deliveries never send it at
// once), sends its current revision and records the outcome. What makes it safe to run again:
// every write names an Idempotency-Key of the record, its revision and the part, and every id the
// books answer is saved as soon as it is known, so a retry updates or skips rather than duplicates.
// A payment waits (WAITING) until the invoices it pays are in the books; sending an invoice
// queues what waited for it.

/** How long a worker may hold a record; past it (a crash), another may take it. */
const LEASE_MS = 5 * 60_000;

export type SyncRunResult = 'sent' | 'nothing-to-do' | 'deferred';

/** Another worker holds the record: this delivery is retried (with backoff) once it is done. */
export class SyncRecordBusyError extends Error {
  constructor() {
    super('Another worker is sending this record');
    this.name = 'SyncRecordBusyError';
  }
}

export function createAccountingSync(deps: SyncDeps) {
  const { db } = deps.database;
  const connections = createAccountingConnections(deps);
  const { sendPayment } = createPaymentSender(deps);

  /** Queues the payments that waited for this invoice or credit note. */
  async function releaseWaiting(record: SyncRecordRow & { kind: 'INVOICE' | 'CREDIT_NOTE' }) {
    const waiting = await listWaitingOn(db, {
      merchantId: record.merchantId,
      provider: record.provider,
      kind: record.kind,
      sourceId: record.sourceId,
    });
    if (waiting.length === 0) return;
    await db.transaction(async (tx: Db) => {
      for (const id of waiting) await sendSyncJob(tx, deps.jobs, id);
    });
  }

  async function deferFor(record: SyncRecordRow, seconds: number, message: string) {
    await noteSyncAttempt(db, { recordId: record.id, message, now: deps.now(), isCounted: false });
    await db.transaction((tx: Db) => sendSyncJob(tx, deps.jobs, record.id, { startAfterSeconds: seconds }));
  }

  return {
    /**
     * Sends the record's current revision. Throws to have the job retried with backoff (the
     * provider did not answer; another worker holds the record); a refusal, or a setting the
     * merchant must make, leaves it FAILED for "Retry" instead.
     */
    async run(recordId: string): Promise<SyncRunResult> {
      const { record, isHeld } = await claimSyncRecord(db, { recordId, now: deps.now(), leaseMs: LEASE_MS });
      if (!record) {
        if (isHeld) throw new SyncRecordBusyError();
        return 'nothing-to-do';
      }
      const provider = record.provider;
      const name = ACCOUNTING_PROVIDER_NAMES[provider];
      const finish = (outcome: SyncOutcome) =>
        finishSyncRecord(db, { recordId, revision: record.revision, outcome, now: deps.now() });
      const client = deps.accounting[provider];
      const connection = await findConnection(db, record.merchantId, provider);
      if (!client || connection?.status !== 'CONNECTED') {
        await finish({ status: 'FAILED', message: `${name} is not connected: connect it, then retry.` });
        return 'sent';
      }
      if (!isMappingComplete(connection.mapping)) {
        await finish({
          status: 'FAILED',
          message: 'Choose the sales account and the GST and GST-free tax rates in the settings, then retry.',
        });
        return 'sent';
      }
      try {
        const { token, tenantId } = await connections.accessToken(record.merchantId, provider);
        const run: Run = {
          record,
          provider,
          client: metered(deps, client, tenantId),
          call: { accessToken: token, tenantId },
          mapping: connection.mapping,
          keyOf: (part) => `${record.id}:${record.revision}:${part}`,
        };
        const send = {
          INVOICE: (r: Run) => sendInvoice(deps, r),
          PAYMENT: sendPayment,
          CREDIT_NOTE: (r: Run) => sendCreditNote(deps, r),
        }[record.kind];
        const outcome = await send(run);
        await finish(outcome);
        if (record.kind !== 'PAYMENT' && outcome.status === 'SYNCED') {
          await releaseWaiting({ ...record, kind: record.kind });
        }
        return 'sent';
      } catch (error) {
        if (error instanceof SyncNotReadyError) {
          await finish({ status: 'FAILED', message: error.message });
          return 'sent';
        }
        if (error instanceof ProviderRateLimitedError) {
          const seconds = error.retryAfterSeconds;
          await deferFor(record, seconds, `Waiting ${seconds} s for ${name}'s per-minute call limit.`);
          return 'deferred';
        }
        if (error instanceof ProviderRefusedError) {
          if (error.isGrantInvalid) {
            // The books refuse our tokens (consent withdrawn there): the settings ask to reconnect.
            await saveConnection(db, {
              merchantId: record.merchantId,
              provider,
              now: deps.now(),
              change: { status: 'NEEDS_RECONNECT' },
            });
          }
          const message = error.isGrantInvalid
            ? `${name} no longer accepts the connection: connect again, then retry.`
            : `${name} refused it: ${error.message}`;
          await finish({ status: 'FAILED', message });
          return 'sent';
        }
        const message = error instanceof Error ? error.message : String(error);
        const attempts = await noteSyncAttempt(db, { recordId, message, now: deps.now(), isCounted: true });
        if (attempts >= MAX_SYNC_ATTEMPTS) {
          await finish({ status: 'FAILED', message: `${message} (gave up after ${attempts} attempts)` });
          return 'sent';
        }
        throw error;
      }
    },
  };
}
