import { visibilityGroupEndpoints, type GroupItem } from '@tradeport/contract';
import type { GroupKind } from '#shared/product-groups/model/group-kind.ts';

/** Visibility groups in the shared tier-and-group screens' terms. */
export const visibilityKind: GroupKind<typeof GroupItem> = {
  key: 'visibility',
  title: 'Visibility Groups',
  detailTitle: 'Visibility Group',
  singular: 'visibility group',
  plural: 'visibility groups',
  description: 'Keep products for some customers only: a venue’s own lines, trade-only stock.',
  explanation:
    'Products in a visibility group are shown only to the group’s customers; products in no group are shown to everyone.',
  deleteConsequence:
    'Its products become visible to every customer, unless they are also in another visibility group.',
  removeProductConsequence: (product) =>
    `${product} will be shown to every customer, unless it is also in another visibility group.`,
  removeCustomerConsequence: (customer, group) =>
    `${customer} will no longer see the products of “${group}”, unless another of their groups has them.`,
  customersNote: 'Customers in this group see its products. A customer can be in several groups.',
  endpoints: visibilityGroupEndpoints,
};
