import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { credits } from '../../platform/db/schema/index.ts';
import type { PaymentRow } from './payment-ledger.queries.ts';

// The ledger's reads and writes of account credits, each in the caller's transaction
// (payment-ledger.ts, credit-writes.service.ts). Nothing else writes a credit's remaining amount.

export type CreditRow = typeof credits.$inferSelect;

/** Inserts a credit unless its key was used meanwhile (then undefined). */
export async function insertCredit(tx: Db, values: typeof credits.$inferInsert): Promise<string | undefined> {
  const [row] = await tx
    .insert(credits)
    .values(values)
    .onConflictDoNothing({
      target: [credits.merchantId, credits.idempotencyKey],
      where: sql`${credits.idempotencyKey} is not null`,
    })
    .returning({ id: credits.id });
  return row?.id;
}

export async function findCreditIdByKey(db: Db, options: { merchantId: string; key: string }) {
  const [row] = await db
    .select({ id: credits.id })
    .from(credits)
    .where(and(eq(credits.merchantId, options.merchantId), eq(credits.idempotencyKey, options.key)));
  return row?.id;
}

/** A credit of the merchant; with `isLocked`, locked for the rest of the transaction. */
export async function findCredit(
  tx: Db,
  options: { merchantId: string; creditId: string; isLocked?: boolean },
) {
  const query = tx
    .select()
    .from(credits)
    .where(and(eq(credits.id, options.creditId), eq(credits.merchantId, options.merchantId)));
  const [row] = options.isLocked ? await query.for('update') : await query;
  return row;
}

/**
 * Takes `cents` from what remains of a credit in one guarded statement: true when it had that
 * much and was not voided. Concurrent applications each see the other's decrement (the row lock
 * orders them), so together they never take more than the credit holds.
 */
export async function takeFromCredit(
  tx: Db,
  options: { merchantId: string; creditId: string; cents: number },
) {
  const rows = await tx
    .update(credits)
    .set({
      remainingCents: sql`${credits.remainingCents} - ${options.cents}`,
      version: sql`${credits.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(credits.id, options.creditId),
        eq(credits.merchantId, options.merchantId),
        isNull(credits.voidedAt),
        sql`${credits.remainingCents} >= ${options.cents}`,
      ),
    )
    .returning({ id: credits.id });
  return rows.length === 1;
}

/** Gives back to a credit what a voided application took (never above its amount: a CHECK). */
export async function returnToCredit(
  tx: Db,
  options: { merchantId: string; creditId: string; cents: number },
) {
  await tx
    .update(credits)
    .set({
      remainingCents: sql`${credits.remainingCents} + ${options.cents}`,
      version: sql`${credits.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(credits.id, options.creditId), eq(credits.merchantId, options.merchantId)));
}

/** A voided credit keeps its amount for the record and has nothing left to apply. */
export async function markCreditVoided(tx: Db, options: { creditId: string; at: Date }) {
  await tx
    .update(credits)
    .set({
      voidedAt: options.at,
      remainingCents: 0,
      version: sql`${credits.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(credits.id, options.creditId));
}

/**
 * The credit a payment's overpayment became, as a condition on credits. Looked up within the
 * payment's customer, whose credits credits_customer_created_idx lists (a merchant's are many).
 */
export function isOverpaymentCreditOf(payment: Pick<PaymentRow, 'id' | 'customerAccountId'>) {
  return and(
    eq(credits.customerAccountId, payment.customerAccountId),
    eq(credits.paymentId, payment.id),
    eq(credits.source, 'OVERPAYMENT'),
  );
}

/** The credit a payment's overpayment became, locked. */
export async function lockOverpaymentCredit(tx: Db, payment: Pick<PaymentRow, 'id' | 'customerAccountId'>) {
  const [row] = await tx.select().from(credits).where(isOverpaymentCreditOf(payment)).for('update');
  return row;
}
