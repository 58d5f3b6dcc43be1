import { z } from 'zod';
import { RecordId } from './ids.ts';
import { groupEndpoints, MAX_GROUP_BATCH } from './product-groups.ts';

// Visibility groups: a product in one or more groups is seen only by customers in one of them.
// The rule itself is isProductVisibleTo (catalogue-rules.ts); the server applies it in SQL.

export const GroupItem = z.object({
  product_id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  is_active: z.boolean(),
});
export type GroupItem = z.infer<typeof GroupItem>;

/** Every endpoint of the kind, by role; the server and the screens take it whole. */
export const visibilityGroupEndpoints = groupEndpoints({
  segment: 'visibility',
  member: 'group',
  label: 'visibility group',
  tags: ['visibility'],
  item: GroupItem,
  itemInput: z.object({ product_id: RecordId('product') }),
  itemsInput: z.object({
    product_ids: z.array(RecordId('product')).min(1, 'Choose at least one product').max(MAX_GROUP_BATCH),
  }),
  itemSummary: 'Put one product in the group (Admins); from then on only the group’s customers see it',
  itemsSummary: 'Put many products in the group at once (Admins); ones already in it are left as they are',
  customerSummary: 'Put customers in the group (Admins); ones already in it are left as they are',
});

export const {
  list: listVisibilityGroups,
  create: createVisibilityGroup,
  get: getVisibilityGroup,
  update: updateVisibilityGroup,
  remove: deleteVisibilityGroup,
  listItems: listGroupItems,
  setItems: addGroupItems,
  setItem: addGroupItem,
  getProduct: getGroupProduct,
  removeProduct: removeGroupProduct,
  listCustomers: listGroupCustomers,
  addCustomers: addGroupCustomers,
  addCustomer: addGroupCustomer,
  removeCustomer: removeGroupCustomer,
} = visibilityGroupEndpoints;
