import { resolveGstRate } from '@tradeport/contract';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { preparedForAny } from '../../platform/db/prepared-once.ts';
import {
  categories,
  products,
  taxRuleCategories,
  taxRules,
  taxRuleProducts,
} from '../../platform/db/schema/index.ts';

/**
 * The rate (basis points) of the tax rule a product row falls under, or null without one: the
 * product's own rule, else its category's, else its parent category's (categories nest one
 * level). Each is unique (one rule per product, one per category), so each is a scalar subquery
 * the planner runs by index for the rows it is asked about, and the expression can sit in any
 * select over `products` (the catalogue's page reads it with the rest of its row); the tables a
 * subquery names shadow any of the same name outside it. A 0 % rule is a rule: coalesce only
 * skips a missing one.
 */
export function taxRuleRateOf(options: { merchantId: string | Placeholder | SQL }) {
  const ofProduct = sql`(
    select ${taxRules.rateBasisPoints} from ${taxRuleProducts}
    join ${taxRules} on ${taxRules.id} = ${taxRuleProducts.taxRuleId}
    where ${taxRuleProducts.merchantId} = ${products.merchantId} and ${taxRuleProducts.productId} = ${products.id}
  )`;
  const ofCategory = sql`(
    select ${taxRules.rateBasisPoints} from ${taxRuleCategories}
    join ${taxRules} on ${taxRules.id} = ${taxRuleCategories.taxRuleId}
    where ${taxRuleCategories.merchantId} = ${products.merchantId}
      and ${taxRuleCategories.categoryId} = ${products.categoryId}
  )`;
  const ofParent = sql`(
    select ${taxRules.rateBasisPoints} from ${categories}
    join ${taxRuleCategories} on ${taxRuleCategories.merchantId} = ${categories.merchantId}
      and ${taxRuleCategories.categoryId} = ${categories.parentId}
    join ${taxRules} on ${taxRules.id} = ${taxRuleCategories.taxRuleId}
    where ${categories.merchantId} = ${products.merchantId} and ${categories.id} = ${products.categoryId}
  )`;
  // Most merchants have no tax rules (GST alone decides): then one probe for the whole query (an
  // InitPlan) answers null for every row instead of three per row.
  const hasRules = sql`exists (select 1 from ${taxRules} where ${taxRules.merchantId} = ${options.merchantId})`;
  return sql<
    number | null
  >`case when ${hasRules} then coalesce(${ofProduct}, ${ofCategory}, ${ofParent}) end`;
}

/** A row's GST rate from its taxRuleRateOf and GST-free flag, for a customer (resolveGstRate). */
export function gstRateOfRow(
  row: { isGstApplicable: boolean; ruleRate: number | string | null },
  isTaxExempt: boolean,
) {
  return resolveGstRate({
    isGstApplicable: row.isGstApplicable,
    ruleRateBasisPoints: row.ruleRate === null ? null : Number(row.ruleRate),
    isTaxExempt,
  });
}

/**
 * The GST rate (basis points) of each of a merchant's products for one customer, in one query
 * however many products: taxRuleRateOf, and then resolveGstRate decides — the rule's rate, or
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
  // Built once; the ids as one array parameter, so the statement is the same for any count.
  const statement = preparedForAny(db, 'product_gst_rates', (db, name) =>
    db
      .select({
        id: products.id,
        isGstApplicable: products.isGstApplicable,
        ruleRate: taxRuleRateOf({ merchantId: sql.placeholder('merchantId') }),
      })
      .from(products)
      .where(
        and(
          eq(products.merchantId, sql.placeholder('merchantId')),
          sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`,
        ),
      )
      .prepare(name),
  );
  const rows = await statement.execute({ merchantId: options.merchantId, ids });
  for (const row of rows) rates.set(row.id, gstRateOfRow(row, options.isTaxExempt));
  return rates;
}
