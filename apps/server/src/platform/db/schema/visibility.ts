import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { namedListColumns, uniqueNamePerMerchant } from './merchant-columns.ts';
import { customerAccounts } from './organisations.ts';
import { products } from './products.ts';

/**
 * Visibility rule: a customer sees an active product that is in no group, or in a group the
 * customer belongs to. Groups only ever narrow who sees a product.
 */
export const visibilityGroups = pgTable('visibility_groups', namedListColumns(), (t) => [
  uniqueNamePerMerchant('visibility_groups_merchant_name_key', t),
]);

export const visibilityGroupProducts = pgTable(
  'visibility_group_products',
  {
    groupId: uuid()
      .notNull()
      .references(() => visibilityGroups.id, { onDelete: 'cascade' }),
    // Restrict: a product in a group is in use and can be archived, not deleted.
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.productId] }),
    index('visibility_group_products_product_idx').on(t.productId),
  ],
);

export const visibilityGroupCustomers = pgTable(
  'visibility_group_customers',
  {
    groupId: uuid()
      .notNull()
      .references(() => visibilityGroups.id, { onDelete: 'cascade' }),
    customerAccountId: uuid()
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.customerAccountId] }),
    index('visibility_group_customers_customer_idx').on(t.customerAccountId),
  ],
);
