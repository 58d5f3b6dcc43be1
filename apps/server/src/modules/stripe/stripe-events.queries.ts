import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { stripeAccounts, stripeEvents } from '../../platform/db/schema/index.ts';

// Stripe's webhook events already applied. Inserted in the same transaction as the event's effect:
// a second delivery (or a concurrent one, which waits on the key) finds it and changes nothing.

/** True when this is the event's first application; false when it was applied before. */
export async function claimStripeEvent(
  db: Db,
  event: { id: string; type: string; stripeAccountId: string | null; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, stripeAccountId: event.stripeAccountId, receivedAt: event.now })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length === 1;
}

/**
 * The account's owner revoked our access at Stripe: the merchant is no longer connected, unless it
 * connected again after the revocation (a late delivery must not undo a newer connection).
 */
export async function forgetStripeAccount(db: Db, options: { stripeAccountId: string; revokedAt: Date }) {
  await db
    .delete(stripeAccounts)
    .where(
      and(
        eq(stripeAccounts.stripeAccountId, options.stripeAccountId),
        lte(stripeAccounts.connectedAt, options.revokedAt),
      ),
    );
}
