import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import {
  merchantId,
  merchantKey,
  merchantReference,
  namedListColumns,
  uniqueNamePerMerchant,
} from './merchant-columns.ts';
import { customerAccounts } from './organisations.ts';
import { products } from './products.ts';

/**
 * Visibility rule: a customer sees an active product that is in no group, or in a group the
 * customer belongs to. Groups only ever narrow who sees a product.
 */
export const visibilityGroups = pgTable('visibility_groups', namedListColumns(), (t) => [
  uniqueNamePerMerchant('visibility_groups_merchant_name_key', t),
  merchantKey('visibility_groups', t),
]);

export const visibilityGroupProducts = pgTable(
  'visibility_group_products',
  {
    // The group's merchant, so the group and the product are both that merchant's.
    merchantId: merchantId(),
    groupId: uuid().notNull(),
    productId: uuid().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.productId] }),
    index('visibility_group_products_product_idx').on(t.productId),
    merchantReference({
      name: 'visibility_group_products_group_fk',
      columns: [t.merchantId, t.groupId],
      parent: visibilityGroups,
      onDelete: 'cascade',
    }),
    // Restrict: a product in a group is in use and can be archived, not deleted.
    merchantReference({
      name: 'visibility_group_products_product_fk',
      columns: [t.merchantId, t.productId],
      parent: products,
      onDelete: 'restrict',
    }),
  ],
);

export const visibilityGroupCustomers = pgTable(
  'visibility_group_customers',
  {
    // The group's merchant, so the group and the customer account are both that merchant's.
    merchantId: merchantId(),
    groupId: uuid().notNull(),
    customerAccountId: uuid().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.customerAccountId] }),
    index('visibility_group_customers_customer_idx').on(t.customerAccountId),
    merchantReference({
      name: 'visibility_group_customers_group_fk',
      columns: [t.merchantId, t.groupId],
      parent: visibilityGroups,
      onDelete: 'cascade',
    }),
    merchantReference({
      name: 'visibility_group_customers_customer_account_fk',
      columns: [t.merchantId, t.customerAccountId],
      parent: customerAccounts,
      onDelete: 'cascade',
    }),
  ],
);
