import { and, eq, sql } from 'drizzle-orm';
import {
  customerAccounts,
  visibilityGroupCustomers,
  visibilityGroupProducts,
  visibilityGroups,
} from '../../platform/db/schema/index.ts';
import type { GroupStorage } from '../product-groups/group-storage.queries.ts';

/**
 * Where visibility groups live: nothing beside their products, and their customers in a join
 * table. Adding what is already there is left as it is.
 */
export const visibilityGroupStorage: GroupStorage = {
  table: visibilityGroups,
  products: {
    table: visibilityGroupProducts,
    groupId: visibilityGroupProducts.groupId,
    productId: visibilityGroupProducts.productId,
    extras: {},
    async write(tx, { merchantId, groupId, entries, now }) {
      const added = await tx
        .insert(visibilityGroupProducts)
        .values(entries.map((entry) => ({ merchantId, groupId, productId: entry.productId, createdAt: now })))
        .onConflictDoNothing()
        .returning({ productId: visibilityGroupProducts.productId });
      return added.length;
    },
  },
  customers: {
    isMember: (groupId) => sql`exists (
      select 1 from ${visibilityGroupCustomers}
      where ${visibilityGroupCustomers.groupId} = ${groupId}
        and ${visibilityGroupCustomers.customerAccountId} = ${customerAccounts.id}
    )`,
    count: (outerGroupId) =>
      sql<number>`(select count(*)::int from ${visibilityGroupCustomers} where ${visibilityGroupCustomers.groupId} = ${outerGroupId})`,
    async add(tx, { merchantId, groupId, accountIds, now }) {
      const added = await tx
        .insert(visibilityGroupCustomers)
        .values(
          accountIds.map((customerAccountId) => ({ merchantId, groupId, customerAccountId, createdAt: now })),
        )
        .onConflictDoNothing()
        .returning({ id: visibilityGroupCustomers.customerAccountId });
      return added.length;
    },
    async remove(tx, { groupId, accountId }) {
      const removed = await tx
        .delete(visibilityGroupCustomers)
        .where(
          and(
            eq(visibilityGroupCustomers.groupId, groupId),
            eq(visibilityGroupCustomers.customerAccountId, accountId),
          ),
        )
        .returning({ id: visibilityGroupCustomers.customerAccountId });
      return removed.length > 0;
    },
  },
};
