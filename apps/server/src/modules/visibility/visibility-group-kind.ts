import type { addGroupItem, addGroupItems, GroupItem } from '@tradeport/contract';
import type { z } from 'zod';
import type { GroupKind } from '../product-groups/group-kind.ts';
import { visibilityGroupStorage } from './visibility-group-storage.queries.ts';

/**
 * What a visibility group adds to the shared group machinery: nothing beside its products, and
 * its customers in a join table (visibility-group-storage.queries.ts). Who then sees what is the
 * catalogue's visibility rule (catalogue-visibility.queries.ts), not decided here.
 */
export const visibilityGroupKind: GroupKind<
  z.output<NonNullable<typeof addGroupItems.body>>,
  z.output<NonNullable<typeof addGroupItem.body>>,
  GroupItem
> = {
  ...visibilityGroupStorage,
  label: 'Visibility group',
  products: {
    ...visibilityGroupStorage.products,
    toItem: (row) => ({
      product_id: row.id,
      name: row.name,
      sku: row.sku,
      is_active: row.archivedAt === null,
    }),
    entriesOf: (input) => [...new Set(input.product_ids)].map((productId) => ({ productId })),
    entryOf: (input) => ({ productId: input.product_id }),
  },
};
