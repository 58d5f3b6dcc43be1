import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { merchantSubscriptions, organisations } from '../../platform/db/schema/index.ts';
import { listActiveMemberEmails } from '../order-documents/order-documents.queries.ts';
import type { OrganisationBillingDates, StoredSubscription } from './billing-state.ts';

// The merchant's subscription row (one a merchant, from its first Checkout) and the organisation
// dates it drives. Webhooks change both in one transaction, each row locked first.

export type MerchantSubscriptionRow = typeof merchantSubscriptions.$inferSelect;

export async function findMerchantSubscription(
  db: Db,
  merchantId: string,
): Promise<MerchantSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantSubscriptions)
    .where(eq(merchantSubscriptions.merchantId, merchantId));
  return row;
}

export async function findMerchantSubscriptionByCustomer(
  db: Db,
  stripeCustomerId: string,
): Promise<MerchantSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantSubscriptions)
    .where(eq(merchantSubscriptions.stripeCustomerId, stripeCustomerId));
  return row;
}

/**
 * Records the merchant's Stripe customer, unless a concurrent first Checkout already did (the same
 * customer: it was made with the same idempotency key): the row as it stands either way.
 */
export async function insertMerchantCustomer(
  db: Db,
  options: { merchantId: string; stripeCustomerId: string; now: Date },
): Promise<MerchantSubscriptionRow> {
  const [inserted] = await db
    .insert(merchantSubscriptions)
    .values({
      merchantId: options.merchantId,
      stripeCustomerId: options.stripeCustomerId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflictDoNothing({ target: merchantSubscriptions.merchantId })
    .returning();
  return inserted ?? (await findMerchantSubscription(db, options.merchantId))!;
}

/** The subscription row and its organisation's dates, both locked until the transaction ends. */
export async function lockBillingState(
  tx: Db,
  merchantId: string,
): Promise<{ row: MerchantSubscriptionRow; organisation: OrganisationBillingDates } | undefined> {
  const [row] = await tx
    .select()
    .from(merchantSubscriptions)
    .where(eq(merchantSubscriptions.merchantId, merchantId))
    .for('update');
  if (!row) return undefined;
  const [organisation] = await tx
    .select({
      trialEnd: organisations.trialEnd,
      paymentFailedDate: organisations.paymentFailedDate,
      deactivateDate: organisations.deactivateDate,
    })
    .from(organisations)
    .where(eq(organisations.id, merchantId))
    .for('update');
  return organisation && { row, organisation };
}

export async function saveBillingState(
  tx: Db,
  options: {
    merchantId: string;
    subscription: StoredSubscription;
    organisation: OrganisationBillingDates;
    now: Date;
  },
) {
  await tx
    .update(merchantSubscriptions)
    .set({
      ...options.subscription,
      version: sql`${merchantSubscriptions.version} + 1`,
      updatedAt: options.now,
    })
    .where(eq(merchantSubscriptions.merchantId, options.merchantId));
  await tx
    .update(organisations)
    .set({ ...options.organisation, updatedAt: options.now })
    .where(eq(organisations.id, options.merchantId));
}

/** A read of the subscription that changed nothing, still newer than the stored one. */
export async function touchSyncedAt(tx: Db, options: { merchantId: string; syncedAt: Date }) {
  await tx
    .update(merchantSubscriptions)
    .set({ syncedAt: options.syncedAt })
    .where(eq(merchantSubscriptions.merchantId, options.merchantId));
}

/**
 * Who hears about the merchant's subscription: its title and zone (for dates), and its Admins'
 * confirmed addresses.
 */
export async function findBillingContacts(
  tx: Db,
  merchantId: string,
): Promise<{ title: string; timeZone: string; adminEmails: string[] } | undefined> {
  const [organisation] = await tx
    .select({ title: organisations.title, timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, merchantId));
  if (!organisation) return undefined;
  return { ...organisation, adminEmails: await listActiveMemberEmails(tx, merchantId, { level: 'Admin' }) };
}
