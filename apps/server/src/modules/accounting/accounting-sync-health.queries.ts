import type { AccountingProvider } from '@tradeport/contract';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { accountingSyncRecords, credits, orders, payments } from '../../platform/db/schema/index.ts';
import { newRevision } from './accounting-sync.queries.ts';

// The sync health panel's reads: counts by state, the records that need the merchant's eye, and
// one source's records, each with what people call its source (an invoice or payment number).

const recordColumns = {
  id: accountingSyncRecords.id,
  kind: accountingSyncRecords.kind,
  sourceId: accountingSyncRecords.sourceId,
  status: accountingSyncRecords.status,
  lastError: accountingSyncRecords.lastError,
  attempts: accountingSyncRecords.attempts,
  lastAttemptAt: accountingSyncRecords.lastAttemptAt,
  syncedAt: accountingSyncRecords.syncedAt,
  invoiceNumber: orders.invoiceNumber,
  paymentNumber: payments.number,
  creditNumber: credits.number,
};

type SyncKind = (typeof accountingSyncRecords.$inferSelect)['kind'];

/** A record's source in `table`, when the record is of `kind`: the merchant's (the join names it). */
const sourceOf = (kind: SyncKind, table: typeof orders | typeof payments | typeof credits) =>
  and(
    eq(accountingSyncRecords.kind, kind),
    eq(table.merchantId, accountingSyncRecords.merchantId),
    eq(table.id, accountingSyncRecords.sourceId),
  );

/** Each record with its source, which is the merchant's. */
function withSources(db: Db) {
  return db
    .select(recordColumns)
    .from(accountingSyncRecords)
    .leftJoin(orders, sourceOf('INVOICE', orders))
    .leftJoin(payments, sourceOf('PAYMENT', payments))
    .leftJoin(credits, sourceOf('CREDIT_NOTE', credits));
}

type Scope = { merchantId: string; provider: AccountingProvider };
const ofScope = (scope: Scope) =>
  and(
    eq(accountingSyncRecords.merchantId, scope.merchantId),
    eq(accountingSyncRecords.provider, scope.provider),
  );

export async function countSyncRecords(db: Db, scope: Scope) {
  return db
    .select({ status: accountingSyncRecords.status, count: sql<number>`count(*)::int` })
    .from(accountingSyncRecords)
    .where(ofScope(scope))
    .groupBy(accountingSyncRecords.status);
}

/** What needs the merchant's eye, newest first: failures, waits, and sends that failed an attempt. */
export async function listSyncProblems(db: Db, scope: Scope & { limit: number }) {
  return withSources(db)
    .where(
      and(
        ofScope(scope),
        or(
          eq(accountingSyncRecords.status, 'FAILED'),
          eq(accountingSyncRecords.status, 'WAITING'),
          and(eq(accountingSyncRecords.status, 'PENDING'), gt(accountingSyncRecords.attempts, 0)),
        ),
      ),
    )
    .orderBy(desc(accountingSyncRecords.updatedAt), desc(accountingSyncRecords.id))
    .limit(scope.limit);
}

export async function listSourceSyncRecords(db: Db, scope: Scope & { sourceId: string }) {
  return withSources(db).where(and(ofScope(scope), eq(accountingSyncRecords.sourceId, scope.sourceId)));
}

export type SyncRecordView = Awaited<ReturnType<typeof listSyncProblems>>[number];

export async function findSyncRecordView(db: Db, scope: Scope & { recordId: string }) {
  const [row] = await withSources(db).where(
    and(ofScope(scope), eq(accountingSyncRecords.id, scope.recordId)),
  );
  return row;
}

/**
 * Queues a record again as a new revision, when it failed, waits, was not sent, or its last
 * attempt failed and no worker holds it now (sent now rather than after the backoff): true when
 * it was (the caller queues its job in the same transaction).
 */
export async function requeueSyncRecord(db: Db, scope: Scope & { recordId: string; now: Date }) {
  const rows = await db
    .update(accountingSyncRecords)
    .set(newRevision(scope.now))
    .where(
      and(
        ofScope(scope),
        eq(accountingSyncRecords.id, scope.recordId),
        or(
          sql`${accountingSyncRecords.status} in ('FAILED', 'WAITING', 'SKIPPED')`,
          and(
            eq(accountingSyncRecords.status, 'PENDING'),
            gt(accountingSyncRecords.attempts, 0),
            or(isNull(accountingSyncRecords.claimedUntil), lt(accountingSyncRecords.claimedUntil, scope.now)),
          ),
        ),
      ),
    )
    .returning({ id: accountingSyncRecords.id });
  return rows.length === 1;
}

/** Queues every FAILED record again (a new revision each): their ids, for their jobs. */
export async function requeueFailedSyncRecords(db: Db, scope: Scope & { now: Date }) {
  const rows = await db
    .update(accountingSyncRecords)
    .set(newRevision(scope.now))
    .where(and(ofScope(scope), eq(accountingSyncRecords.status, 'FAILED')))
    .returning({ id: accountingSyncRecords.id });
  return rows.map((row) => row.id);
}
