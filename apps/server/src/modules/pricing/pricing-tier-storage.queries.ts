import { and, eq, inArray, sql } from 'drizzle-orm';
import { customerAccounts, pricingTiers, tierPrices } from '../../platform/db/schema/index.ts';
import type { GroupStorage } from '../product-groups/group-storage.queries.ts';

export type TierEntry = { productId: string; priceCents: number };

/**
 * Where pricing tiers live: each product in a tier carries the tier's price (tier_prices), and a
 * customer's tier is a column of its account, so putting it in a tier moves it out of the one it
 * was in.
 */
export const pricingTierStorage: GroupStorage<TierEntry> = {
  table: pricingTiers,
  products: {
    table: tierPrices,
    groupId: tierPrices.tierId,
    productId: tierPrices.productId,
    extras: { priceCents: tierPrices.priceCents },
    // An upsert: a product already in the tier gets the new price. Unchanged prices are left
    // alone (and not counted), so `changed` says how many prices really moved.
    async write(tx, { merchantId, groupId, entries, now }) {
      const written = await tx
        .insert(tierPrices)
        .values(
          entries.map((entry) => ({
            merchantId,
            tierId: groupId,
            productId: entry.productId,
            priceCents: entry.priceCents,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [tierPrices.tierId, tierPrices.productId],
          set: { priceCents: sql`excluded.price_cents`, updatedAt: now },
          setWhere: sql`${tierPrices.priceCents} <> excluded.price_cents`,
        })
        .returning({ productId: tierPrices.productId });
      return written.length;
    },
  },
  customers: {
    isMember: (tierId) => eq(customerAccounts.pricingTierId, tierId),
    count: (outerTierId) =>
      sql<number>`(select count(*)::int from ${customerAccounts} where ${customerAccounts.pricingTierId} = ${outerTierId})`,
    // Not a version bump: the tier is not part of the customer form the version guards.
    async add(tx, { merchantId, groupId, accountIds, now }) {
      const moved = await tx
        .update(customerAccounts)
        .set({ pricingTierId: groupId, updatedAt: now })
        .where(
          and(
            eq(customerAccounts.merchantId, merchantId),
            inArray(customerAccounts.id, accountIds),
            sql`${customerAccounts.pricingTierId} is distinct from ${groupId}`,
          ),
        )
        .returning({ id: customerAccounts.id });
      return moved.length;
    },
    async remove(tx, { groupId, accountId, now }) {
      const removed = await tx
        .update(customerAccounts)
        .set({ pricingTierId: null, updatedAt: now })
        .where(and(eq(customerAccounts.id, accountId), eq(customerAccounts.pricingTierId, groupId)))
        .returning({ id: customerAccounts.id });
      return removed.length > 0;
    },
  },
};
