import type { AccountingProvider, AccountingSyncKind, AccountingSyncStatus } from '@tradeport/contract';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  accountingConnections,
  accountingLinks,
  accountingRateWindows,
  accountingSyncRecords,
  creditLines,
  credits,
  orderLines,
  orders,
  organisations,
  paymentAllocations,
  payments,
  taxRules,
} from '../../platform/db/schema/index.ts';

// The sync's reads and writes: claiming a record while it is sent, recording what came of it,
// the orders and payments it sends, and the per-minute call count each provider allows.

export type SyncRecordRow = typeof accountingSyncRecords.$inferSelect;

/**
 * Marks a record as needing sending (a new revision, PENDING) for each of the merchant's
 * connections: its ids, for their jobs. A connection that needs reconnecting still gets its
 * records: they go once it is reconnected. None: one probe of the merchant's connections.
 */
export async function markForSending(
  db: Db,
  options: { merchantId: string; kind: AccountingSyncKind; sourceId: string },
): Promise<string[]> {
  const providers = await db
    .select({ provider: accountingConnections.provider })
    .from(accountingConnections)
    .where(
      and(
        eq(accountingConnections.merchantId, options.merchantId),
        inArray(accountingConnections.status, ['CONNECTED', 'NEEDS_RECONNECT']),
      ),
    );
  const ids: string[] = [];
  for (const { provider } of providers) {
    const [record] = await db
      .insert(accountingSyncRecords)
      .values({ merchantId: options.merchantId, provider, kind: options.kind, sourceId: options.sourceId })
      .onConflictDoUpdate({
        target: [
          accountingSyncRecords.merchantId,
          accountingSyncRecords.provider,
          accountingSyncRecords.kind,
          accountingSyncRecords.sourceId,
        ],
        set: {
          revision: sql`${accountingSyncRecords.revision} + 1`,
          status: 'PENDING',
          attempts: 0,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: accountingSyncRecords.id });
    ids.push(record!.id);
  }
  return ids;
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

/** An order as its invoice goes to the books. */
export async function findSyncOrder(db: Db, options: { merchantId: string; orderId: string }) {
  const [order] = await db
    .select({
      id: orders.id,
      customerAccountId: orders.customerAccountId,
      number: orders.number,
      invoiceNumber: orders.invoiceNumber,
      status: orders.status,
      purchaseOrderNumber: orders.purchaseOrderNumber,
      dueDate: orders.dueDate,
      isTaxExempt: orders.isTaxExempt,
      subtotalCents: orders.subtotalCents,
      deliveryFeeCents: orders.deliveryFeeCents,
      gstCents: orders.gstCents,
      totalCents: orders.totalCents,
      placedAt: orders.placedAt,
      shippingMethodName: orders.shippingMethodName,
      timeZone: organisations.timeZone,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.merchantId))
    .where(and(eq(orders.id, options.orderId), eq(orders.merchantId, options.merchantId)));
  if (!order) return undefined;
  const lines = await db
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      sku: orderLines.sku,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      gstRateBasisPoints: orderLines.gstRateBasisPoints,
      subtotalCents: orderLines.subtotalCents,
      gstCents: orderLines.gstCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  return { ...order, lines };
}
export type SyncOrder = NonNullable<Awaited<ReturnType<typeof findSyncOrder>>>;

/** A payment as it goes to the books, with the orders it pays. */
export async function findSyncPayment(db: Db, options: { merchantId: string; paymentId: string }) {
  const [payment] = await db
    .select({
      id: payments.id,
      customerAccountId: payments.customerAccountId,
      number: payments.number,
      method: payments.method,
      state: payments.state,
      amountCents: payments.amountCents,
      surchargeCents: payments.surchargeCents,
      paidOn: payments.paidOn,
      reference: payments.reference,
      creditId: payments.creditId,
    })
    .from(payments)
    .where(and(eq(payments.id, options.paymentId), eq(payments.merchantId, options.merchantId)));
  if (!payment) return undefined;
  const allocations = await db
    .select({
      orderId: paymentAllocations.orderId,
      amountCents: paymentAllocations.amountCents,
      refundedCents: paymentAllocations.refundedCents,
      invoiceNumber: orders.invoiceNumber,
    })
    .from(paymentAllocations)
    .innerJoin(orders, eq(orders.id, paymentAllocations.orderId))
    .where(
      and(
        eq(paymentAllocations.merchantId, options.merchantId),
        eq(paymentAllocations.paymentId, payment.id),
      ),
    )
    .orderBy(asc(orders.invoiceNumber));
  return { ...payment, allocations };
}
export type SyncPayment = NonNullable<Awaited<ReturnType<typeof findSyncPayment>>>;

/** A credit as its credit note goes to the books, with its lines (an adjustment note's). */
export async function findSyncCredit(db: Db, options: { merchantId: string; creditId: string }) {
  const [credit] = await db
    .select({
      id: credits.id,
      customerAccountId: credits.customerAccountId,
      number: credits.number,
      source: credits.source,
      reason: credits.reason,
      amountCents: credits.amountCents,
      gstCents: credits.gstCents,
      voidedAt: credits.voidedAt,
      createdAt: credits.createdAt,
      timeZone: organisations.timeZone,
    })
    .from(credits)
    .innerJoin(organisations, eq(organisations.id, credits.merchantId))
    .where(and(eq(credits.id, options.creditId), eq(credits.merchantId, options.merchantId)));
  if (!credit) return undefined;
  const lines = await db
    .select({
      productId: creditLines.productId,
      name: creditLines.name,
      sku: creditLines.sku,
      quantity: creditLines.quantity,
      unitPriceCents: creditLines.unitPriceCents,
      gstRateBasisPoints: creditLines.gstRateBasisPoints,
      gstCents: creditLines.gstCents,
    })
    .from(creditLines)
    .where(and(eq(creditLines.merchantId, options.merchantId), eq(creditLines.creditId, credit.id)))
    .orderBy(asc(creditLines.id));
  return { ...credit, lines };
}
export type SyncCredit = NonNullable<Awaited<ReturnType<typeof findSyncCredit>>>;

/** The tax rate each of the merchant's linked tax rules goes to the books as, by its rate. */
export async function listLinkedTaxRates(
  db: Db,
  options: { merchantId: string; provider: AccountingProvider },
) {
  return db
    .select({ rateBasisPoints: taxRules.rateBasisPoints, taxId: accountingLinks.externalId })
    .from(accountingLinks)
    .innerJoin(
      taxRules,
      and(eq(taxRules.merchantId, accountingLinks.merchantId), eq(taxRules.id, accountingLinks.localId)),
    )
    .where(
      and(
        eq(accountingLinks.merchantId, options.merchantId),
        eq(accountingLinks.provider, options.provider),
        eq(accountingLinks.kind, 'TAX_RULE'),
      ),
    );
}

/**
 * Counts `calls` against the provider's per-minute limit for these books, in the window of the
 * minute `now` falls in: true when they fit (and are counted), false when the minute is full.
 */
export async function takeProviderCalls(
  db: Db,
  options: { provider: AccountingProvider; tenantId: string; calls: number; limit: number; now: Date },
): Promise<boolean> {
  const minute = new Date(Math.floor(options.now.getTime() / 60_000) * 60_000);
  const rows = await db
    .insert(accountingRateWindows)
    .values({
      provider: options.provider,
      tenantId: options.tenantId,
      windowStart: minute,
      calls: options.calls,
    })
    .onConflictDoUpdate({
      target: [accountingRateWindows.provider, accountingRateWindows.tenantId],
      set: {
        calls: sql`case when ${accountingRateWindows.windowStart} = excluded.window_start then ${accountingRateWindows.calls} + excluded.calls else excluded.calls end`,
        windowStart: sql`excluded.window_start`,
      },
      setWhere: sql`${accountingRateWindows.windowStart} <> excluded.window_start or ${accountingRateWindows.calls} + excluded.calls <= ${options.limit}`,
    })
    .returning({ calls: accountingRateWindows.calls });
  return rows.length === 1 && options.calls <= options.limit;
}
