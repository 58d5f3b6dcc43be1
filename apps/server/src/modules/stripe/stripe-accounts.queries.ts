import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { stripeAccounts } from '../../platform/db/schema/index.ts';

// A merchant's connected Stripe account (at most one; the merchant is the key).

export type StripeAccountRow = typeof stripeAccounts.$inferSelect;

export async function findStripeAccount(db: Db, merchantId: string): Promise<StripeAccountRow | undefined> {
  const [row] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.merchantId, merchantId));
  return row;
}

export async function findStripeAccountByStripeId(
  db: Db,
  stripeAccountId: string,
): Promise<StripeAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(stripeAccounts)
    .where(eq(stripeAccounts.stripeAccountId, stripeAccountId));
  return row;
}

/**
 * Records the connection unless the merchant already has one (a concurrent callback won):
 * undefined then. A Stripe account connected to another merchant breaks the unique key.
 */
export async function insertStripeAccount(
  db: Db,
  row: {
    merchantId: string;
    stripeAccountId: string;
    isChargesEnabled: boolean;
    isDetailsSubmitted: boolean;
    connectedByUserId: string;
    now: Date;
  },
): Promise<StripeAccountRow | undefined> {
  const [inserted] = await db
    .insert(stripeAccounts)
    .values({
      merchantId: row.merchantId,
      stripeAccountId: row.stripeAccountId,
      isChargesEnabled: row.isChargesEnabled,
      isDetailsSubmitted: row.isDetailsSubmitted,
      connectedByUserId: row.connectedByUserId,
      connectedAt: row.now,
      updatedAt: row.now,
    })
    .onConflictDoNothing({ target: stripeAccounts.merchantId })
    .returning();
  return inserted;
}

/** Changes whether fees are passed on, if the version is still the one the person read. */
export async function updateFeePassedOn(
  db: Db,
  options: { merchantId: string; version: number; isFeePassedOn: boolean; now: Date },
): Promise<StripeAccountRow | undefined> {
  const [row] = await db
    .update(stripeAccounts)
    .set({
      isFeePassedOn: options.isFeePassedOn,
      version: sql`${stripeAccounts.version} + 1`,
      updatedAt: options.now,
    })
    .where(
      and(eq(stripeAccounts.merchantId, options.merchantId), eq(stripeAccounts.version, options.version)),
    )
    .returning();
  return row;
}

/**
 * What Stripe says the account can do now (account.updated, or a fresh read). Not a person's edit:
 * the version, which guards the fee choice, stays.
 */
export async function updateAccountFlags(
  db: Db,
  options: { stripeAccountId: string; isChargesEnabled: boolean; isDetailsSubmitted: boolean; now: Date },
): Promise<StripeAccountRow | undefined> {
  const [row] = await db
    .update(stripeAccounts)
    .set({
      isChargesEnabled: options.isChargesEnabled,
      isDetailsSubmitted: options.isDetailsSubmitted,
      updatedAt: options.now,
    })
    .where(eq(stripeAccounts.stripeAccountId, options.stripeAccountId))
    .returning();
  return row;
}

export async function deleteStripeAccount(db: Db, options: { merchantId: string; stripeAccountId: string }) {
  await db
    .delete(stripeAccounts)
    .where(
      and(
        eq(stripeAccounts.merchantId, options.merchantId),
        eq(stripeAccounts.stripeAccountId, options.stripeAccountId),
      ),
    );
}
