import type { AccountingProvider, AccountingSyncKind, AccountingSyncStatus } from '@tradeport/contract';
import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  accountingConnections,
  accountingSyncRecords,
  paymentAllocations,
  payments,
} from '../../platform/db/schema/index.ts';

// The sync records' reads and writes: marking one for sending, claiming it while it is sent,
// recording what came of it and what was made for it, and what waits for what.

export type SyncRecordRow = typeof accountingSyncRecords.$inferSelect;

/**
 * What makes a record need sending again: a new revision (new idempotency keys), PENDING, no
 * attempts yet. Placing a change, Retry and reconnecting all set it.
 */
export const newRevision = (updatedAt: Date | SQL) => ({
  revision: sql`${accountingSyncRecords.revision} + 1`,
  status: 'PENDING' as const,
  attempts: 0,
  updatedAt,
});

/** The connections a change is sent to: connected, or waiting to be reconnected. */
const SYNCED_STATUSES = ['CONNECTED', 'NEEDS_RECONNECT'] as const;

/**
 * The merchant's providers that changes are sent to, as a subquery (an array, empty for none):
 * for a statement that reads them with something else, such as placing's cart lock, which then
 * hands them to queueAccountingSync instead of its own probe.
 */
export const syncedProvidersOf = (merchantId: SQL) =>
  // As text[]: node-postgres reads an array of an enum as its text ('{xero}'), not as an array.
  sql<AccountingProvider[]>`(select coalesce(array_agg(${accountingConnections.provider}::text), '{}'::text[])
    from ${accountingConnections}
    where ${accountingConnections.merchantId} = ${merchantId}
      and ${inArray(accountingConnections.status, [...SYNCED_STATUSES])})`;

/**
 * Marks records as needing sending (a new revision, PENDING) for each of the merchant's
 * connections, in one statement: their ids, for their jobs. A connection that needs reconnecting
 * still gets its records: they go once it is reconnected. None: one probe of the merchant's
 * connections, unless the caller read them already (`providers`, syncedProvidersOf).
 */
export async function markForSending(
  db: Db,
  options: {
    merchantId: string;
    kind: AccountingSyncKind;
    sourceIds: readonly string[];
    providers?: readonly AccountingProvider[];
  },
): Promise<string[]> {
  if (options.sourceIds.length === 0) return [];
  const providers =
    options.providers?.map((provider) => ({ provider })) ??
    (await db
      .select({ provider: accountingConnections.provider })
      .from(accountingConnections)
      .where(
        and(
          eq(accountingConnections.merchantId, options.merchantId),
          inArray(accountingConnections.status, [...SYNCED_STATUSES]),
        ),
      ));
  if (providers.length === 0) return [];
  const records = await db
    .insert(accountingSyncRecords)
    .values(
      providers.flatMap(({ provider }) =>
        options.sourceIds.map((sourceId) => ({
          merchantId: options.merchantId,
          provider,
          kind: options.kind,
          sourceId,
        })),
      ),
    )
    .onConflictDoUpdate({
      target: [
        accountingSyncRecords.merchantId,
        accountingSyncRecords.provider,
        accountingSyncRecords.kind,
        accountingSyncRecords.sourceId,
      ],
      set: newRevision(sql`now()`),
    })
    .returning({ id: accountingSyncRecords.id });
  return records.map((record) => record.id);
}

/**
 * Takes the record for `leaseMs` if it needs sending and no worker holds it: the row as it was,
 * or undefined (nothing to do, or another worker has it: `isHeld`).
 */
export async function claimSyncRecord(
  db: Db,
  options: { recordId: string; now: Date; leaseMs: number },
): Promise<{ record?: SyncRecordRow; isHeld: boolean }> {
  const [record] = await db
    .update(accountingSyncRecords)
    .set({ claimedUntil: new Date(options.now.getTime() + options.leaseMs) })
    .where(
      and(
        eq(accountingSyncRecords.id, options.recordId),
        inArray(accountingSyncRecords.status, ['PENDING', 'WAITING']),
        or(isNull(accountingSyncRecords.claimedUntil), lt(accountingSyncRecords.claimedUntil, options.now)),
      ),
    )
    .returning();
  if (record) return { record, isHeld: false };
  const [held] = await db
    .select({ id: accountingSyncRecords.id })
    .from(accountingSyncRecords)
    .where(
      and(
        eq(accountingSyncRecords.id, options.recordId),
        inArray(accountingSyncRecords.status, ['PENDING', 'WAITING']),
      ),
    );
  return { isHeld: held !== undefined };
}

export type SyncOutcome =
  | { status: Extract<AccountingSyncStatus, 'SYNCED'>; externalId: string | null }
  | {
      status: Extract<AccountingSyncStatus, 'WAITING' | 'SKIPPED' | 'FAILED'>;
      message: string;
      /** Made in the books all the same (a total the books worked out differently): a retry updates it. */
      externalId?: string;
    };

/**
 * Records how sending `revision` went and lets the record go. A change made meanwhile (a newer
 * revision, whose job is queued) leaves it PENDING for that job, whatever this one achieved.
 */
export async function finishSyncRecord(
  db: Db,
  options: { recordId: string; revision: number; outcome: SyncOutcome; now: Date },
) {
  const { outcome } = options;
  const isCurrent = sql`${accountingSyncRecords.revision} = ${options.revision}`;
  await db
    .update(accountingSyncRecords)
    .set({
      status: sql`case when ${isCurrent} then ${outcome.status}::accounting_sync_status else 'PENDING'::accounting_sync_status end`,
      lastError: outcome.status === 'SYNCED' ? null : outcome.message,
      attempts: outcome.status === 'FAILED' ? sql`${accountingSyncRecords.attempts}` : 0,
      lastAttemptAt: options.now,
      claimedUntil: null,
      updatedAt: options.now,
      ...(outcome.status === 'SYNCED'
        ? {
            syncedRevision: options.revision,
            syncedAt: options.now,
          }
        : {}),
      ...(outcome.externalId ? { externalId: outcome.externalId } : {}),
    })
    .where(eq(accountingSyncRecords.id, options.recordId));
}

/** A failed attempt that will be tried again: its message kept, the record let go. */
export async function noteSyncAttempt(
  db: Db,
  options: { recordId: string; message: string; now: Date; isCounted: boolean },
): Promise<number> {
  const [row] = await db
    .update(accountingSyncRecords)
    .set({
      lastError: options.message,
      attempts: options.isCounted
        ? sql`${accountingSyncRecords.attempts} + 1`
        : sql`${accountingSyncRecords.attempts}`,
      lastAttemptAt: options.now,
      claimedUntil: null,
      updatedAt: options.now,
    })
    .where(eq(accountingSyncRecords.id, options.recordId))
    .returning({ attempts: accountingSyncRecords.attempts });
  return row?.attempts ?? 0;
}

/**
 * Saves one part made in the books at once (null: taken out of them again), so a retry finds it
 * rather than making it twice.
 */
export async function saveExternalPart(
  db: Db,
  options: { recordId: string; part: string; id: string | null },
) {
  await db
    .update(accountingSyncRecords)
    .set({
      externalParts:
        options.id === null
          ? sql`${accountingSyncRecords.externalParts} - ${options.part}::text`
          : sql`${accountingSyncRecords.externalParts} || jsonb_build_object(${options.part}::text, ${options.id}::text)`,
    })
    .where(eq(accountingSyncRecords.id, options.recordId));
}

/** The records of one kind for these sources (the invoices a payment pays…). */
export async function findSyncRecords(
  db: Db,
  options: {
    merchantId: string;
    provider: AccountingProvider;
    kind: AccountingSyncKind;
    sourceIds: string[];
  },
) {
  if (options.sourceIds.length === 0) return [];
  return db
    .select()
    .from(accountingSyncRecords)
    .where(
      and(
        eq(accountingSyncRecords.merchantId, options.merchantId),
        eq(accountingSyncRecords.provider, options.provider),
        eq(accountingSyncRecords.kind, options.kind),
        inArray(accountingSyncRecords.sourceId, options.sourceIds),
      ),
    );
}

/**
 * WAITING payments whose send depends on this record: an order's invoice (the payments allocated
 * to it), a credit's credit note (the payments applying it).
 */
export async function listWaitingOn(
  db: Db,
  options: {
    merchantId: string;
    provider: AccountingProvider;
    kind: 'INVOICE' | 'CREDIT_NOTE';
    sourceId: string;
  },
): Promise<string[]> {
  const waiting = and(
    eq(accountingSyncRecords.merchantId, options.merchantId),
    eq(accountingSyncRecords.provider, options.provider),
    eq(accountingSyncRecords.kind, 'PAYMENT'),
    eq(accountingSyncRecords.status, 'WAITING'),
  );
  const rows =
    options.kind === 'INVOICE'
      ? await db
          .select({ id: accountingSyncRecords.id })
          .from(accountingSyncRecords)
          .innerJoin(
            paymentAllocations,
            and(
              eq(paymentAllocations.merchantId, accountingSyncRecords.merchantId),
              eq(paymentAllocations.paymentId, accountingSyncRecords.sourceId),
            ),
          )
          .where(and(waiting, eq(paymentAllocations.orderId, options.sourceId)))
      : await db
          .select({ id: accountingSyncRecords.id })
          .from(accountingSyncRecords)
          .innerJoin(
            payments,
            and(
              eq(payments.merchantId, accountingSyncRecords.merchantId),
              eq(payments.id, accountingSyncRecords.sourceId),
            ),
          )
          .where(and(waiting, eq(payments.creditId, options.sourceId)));
  return rows.map((row) => row.id);
}
