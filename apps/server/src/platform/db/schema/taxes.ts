import { index, integer, pgTable, primaryKey, unique, uuid } from 'drizzle-orm/pg-core';
import { categories } from './catalogue.ts';
import { instant } from './columns.ts';
import {
  merchantId,
  merchantKey,
  merchantReference,
  namedListColumns,
  uniqueNamePerMerchant,
} from './merchant-columns.ts';
import { products } from './products.ts';

/**
 * A merchant's tax rule: a rate (basis points, 1000 = 10 %) for chosen products or categories,
 * instead of GST's 10 % (or 0 % for a GST-free product). A product is in at most one rule
 * directly and a category in at most one, so which rate applies is never ambiguous: the
 * product's own rule, else its category's (or the parent category's), else GST.
 */
export const taxRules = pgTable(
  'tax_rules',
  {
    ...namedListColumns(),
    rateBasisPoints: integer().notNull(),
  },
  (t) => [uniqueNamePerMerchant('tax_rules_merchant_name_key', t), merchantKey('tax_rules', t)],
);

export const taxRuleProducts = pgTable(
  'tax_rule_products',
  {
    merchantId: merchantId(),
    taxRuleId: uuid().notNull(),
    productId: uuid().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taxRuleId, t.productId] }),
    unique('tax_rule_products_one_rule_key').on(t.merchantId, t.productId),
    merchantReference({
      name: 'tax_rule_products_rule_fk',
      columns: [t.merchantId, t.taxRuleId],
      parent: taxRules,
      onDelete: 'cascade',
    }),
    merchantReference({
      name: 'tax_rule_products_product_fk',
      columns: [t.merchantId, t.productId],
      parent: products,
      onDelete: 'cascade',
    }),
  ],
);

export const taxRuleCategories = pgTable(
  'tax_rule_categories',
  {
    merchantId: merchantId(),
    taxRuleId: uuid().notNull(),
    categoryId: uuid().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taxRuleId, t.categoryId] }),
    unique('tax_rule_categories_one_rule_key').on(t.merchantId, t.categoryId),
    index('tax_rule_categories_category_idx').on(t.categoryId),
    merchantReference({
      name: 'tax_rule_categories_rule_fk',
      columns: [t.merchantId, t.taxRuleId],
      parent: taxRules,
      onDelete: 'cascade',
    }),
    merchantReference({
      name: 'tax_rule_categories_category_fk',
      columns: [t.merchantId, t.categoryId],
      parent: categories,
      onDelete: 'cascade',
    }),
  ],
);
