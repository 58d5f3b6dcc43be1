import { resolveGstRate } from '@tradeport/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import {
  categories,
  products,
  taxRuleCategories,
  taxRules,
  taxRuleProducts,
} from '../../platform/db/schema/index.ts';

const productRule = alias(taxRules, 'product_rule');
const categoryLink = alias(taxRuleCategories, 'category_link');
const categoryRule = alias(taxRules, 'category_rule');
const parentLink = alias(taxRuleCategories, 'parent_link');
const parentRule = alias(taxRules, 'parent_rule');

/**
 * The GST rate (basis points) of each of a merchant's products for one customer, in one query
 * however many products: the product's own tax rule, else its category's, else its parent
 * category's (categories nest one level), and then resolveGstRate decides — the rule's rate, or
 * GST's 10 % / 0 % by the product's GST-free flag, or nothing for a tax-exempt customer.
 *
 * Only the merchant's own products are in the answer (archived ones too: a past order's product
 * still has a rate); an id of another merchant's product, or of none, is simply absent, so a
 * caller treats a missing id as a product it cannot price.
 */
export async function productGstRates(
  db: Db,
  options: { merchantId: string; productIds: readonly string[]; isTaxExempt: boolean },
): Promise<Map<string, number>> {
  const ids = [...new Set(options.productIds)];
  const rates = new Map<string, number>();
  if (ids.length === 0) return rates;
  const rows = await db
    .select({
      id: products.id,
      isGstApplicable: products.isGstApplicable,
      // A 0 % rule is a rule: coalesce only skips a missing one.
      ruleRate: sql<
        number | null
      >`coalesce(${productRule.rateBasisPoints}, ${categoryRule.rateBasisPoints}, ${parentRule.rateBasisPoints})`,
    })
    .from(products)
    .leftJoin(
      taxRuleProducts,
      and(eq(taxRuleProducts.merchantId, products.merchantId), eq(taxRuleProducts.productId, products.id)),
    )
    .leftJoin(productRule, eq(productRule.id, taxRuleProducts.taxRuleId))
    .leftJoin(
      categories,
      and(eq(categories.merchantId, products.merchantId), eq(categories.id, products.categoryId)),
    )
    .leftJoin(
      categoryLink,
      and(eq(categoryLink.merchantId, products.merchantId), eq(categoryLink.categoryId, products.categoryId)),
    )
    .leftJoin(categoryRule, eq(categoryRule.id, categoryLink.taxRuleId))
    .leftJoin(
      parentLink,
      and(eq(parentLink.merchantId, products.merchantId), eq(parentLink.categoryId, categories.parentId)),
    )
    .leftJoin(parentRule, eq(parentRule.id, parentLink.taxRuleId))
    .where(and(eq(products.merchantId, options.merchantId), inArray(products.id, ids)));
  for (const row of rows) {
    rates.set(
      row.id,
      resolveGstRate({
        isGstApplicable: row.isGstApplicable,
        ruleRateBasisPoints: row.ruleRate === null ? null : Number(row.ruleRate),
        isTaxExempt: options.isTaxExempt,
      }),
    );
  }
  return rates;
}
