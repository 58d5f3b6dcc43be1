import type { addGroupItem, addGroupItems, GroupItem } from '@tradeport/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  customerAccounts,
  visibilityGroupCustomers,
  visibilityGroupProducts,
  visibilityGroups,
} from '../../platform/db/schema/index.ts';
import type { GroupKind } from '../product-groups/group-kind.ts';

/**
 * What a visibility group adds to the shared group machinery: nothing beside its products, and
 * its customers in a join table. Adding what is already there is left as it is. Who then sees
 * what is the catalogue's visibility rule (catalogue-visibility.ts), not decided here.
 */
export const visibilityGroupKind: GroupKind<
  z.output<NonNullable<typeof addGroupItems.body>>,
  z.output<NonNullable<typeof addGroupItem.body>>,
  GroupItem
> = {
  label: 'Visibility group',
  table: visibilityGroups,
  products: {
    table: visibilityGroupProducts,
    groupId: visibilityGroupProducts.groupId,
    productId: visibilityGroupProducts.productId,
    extras: {},
    toItem: (row) => ({
      product_id: row.id,
      name: row.name,
      sku: row.sku,
      is_active: row.archivedAt === null,
    }),
    entriesOf: (input) => [...new Set(input.product_ids)].map((productId) => ({ productId })),
    entryOf: (input) => ({ productId: input.product_id }),
    async write(tx, { groupId, entries, now }) {
      const added = await tx
        .insert(visibilityGroupProducts)
        .values(entries.map((entry) => ({ groupId, productId: entry.productId, createdAt: now })))
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
    async add(tx, { groupId, accountIds, now }) {
      const added = await tx
        .insert(visibilityGroupCustomers)
        .values(accountIds.map((customerAccountId) => ({ groupId, customerAccountId, createdAt: now })))
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
