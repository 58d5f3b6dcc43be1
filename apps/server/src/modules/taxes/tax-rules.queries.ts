import { MAX_TAX_RULES, type TaxRule, type TaxRuleSummary } from '@tradeport/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import {
  categories,
  organisations,
  products,
  taxRuleCategories,
  taxRuleProducts,
  taxRules,
} from '../../platform/db/schema/index.ts';

// A merchant's tax settings (on its organisation row) and its rules. Every query takes the
// merchant id: another merchant's rule is simply not found.

type InMerchant = { merchantId: string };
type InRule = InMerchant & { ruleId: string };

export type GstRounding = 'PER_LINE' | 'PER_INVOICE';

export async function findTaxSettings(db: Db, options: InMerchant) {
  const [row] = await db
    .select({
      gstRounding: organisations.gstRounding,
      isAdvancedTaxEnabled: organisations.advancedTaxEnabled,
      version: organisations.version,
    })
    .from(organisations)
    .where(eq(organisations.id, options.merchantId));
  return row;
}

/** False when the organisation's version is not `version`: nothing changes. */
export async function updateGstRounding(
  db: Db,
  options: InMerchant & { gstRounding: GstRounding; version: number; now: Date },
) {
  const updated = await db
    .update(organisations)
    .set({
      gstRounding: options.gstRounding,
      version: sql`${organisations.version} + 1`,
      updatedAt: options.now,
    })
    .where(and(eq(organisations.id, options.merchantId), eq(organisations.version, options.version)))
    .returning({ id: organisations.id });
  return updated.length > 0;
}

const summaryColumns = {
  id: taxRules.id,
  name: taxRules.name,
  description: taxRules.description,
  rateBasisPoints: taxRules.rateBasisPoints,
  version: taxRules.version,
  updatedAt: taxRules.updatedAt,
  // Correlated counts: one primary-key range of each membership table per rule.
  productCount: sql<number>`(select count(*)::int from ${taxRuleProducts} where ${taxRuleProducts.taxRuleId} = ${taxRules.id})`,
  categoryCount: sql<number>`(select count(*)::int from ${taxRuleCategories} where ${taxRuleCategories.taxRuleId} = ${taxRules.id})`,
};

type SummaryRow = {
  id: string;
  name: string;
  description: string | null;
  rateBasisPoints: number;
  version: number;
  updatedAt: Date;
  productCount: number;
  categoryCount: number;
};

const toSummary = (row: SummaryRow): TaxRuleSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  rate_basis_points: row.rateBasisPoints,
  product_count: Number(row.productCount),
  category_count: Number(row.categoryCount),
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

/** Every rule of the merchant by name; there are at most MAX_TAX_RULES. */
export async function listTaxRuleSummaries(db: Db, options: InMerchant) {
  const rows = await db
    .select(summaryColumns)
    .from(taxRules)
    .where(eq(taxRules.merchantId, options.merchantId))
    .orderBy(asc(sql`lower(${taxRules.name})`), asc(taxRules.id))
    .limit(MAX_TAX_RULES);
  return rows.map(toSummary);
}

export async function countTaxRules(db: Db, options: InMerchant) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(taxRules)
    .where(eq(taxRules.merchantId, options.merchantId));
  return Number(row!.count);
}

const parentCategories = alias(categories, 'parent_category');

/** One rule with its products and categories by name, or undefined when it is not the merchant's. */
export async function findTaxRule(db: Db, options: InRule): Promise<TaxRule | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(taxRules)
    .where(and(eq(taxRules.merchantId, options.merchantId), eq(taxRules.id, options.ruleId)));
  if (!row) return undefined;
  const [memberProducts, memberCategories] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, sku: products.sku, archivedAt: products.archivedAt })
      .from(taxRuleProducts)
      .innerJoin(
        products,
        and(eq(products.merchantId, taxRuleProducts.merchantId), eq(products.id, taxRuleProducts.productId)),
      )
      .where(eq(taxRuleProducts.taxRuleId, options.ruleId))
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id)),
    db
      .select({ id: categories.id, name: categories.name, parentName: parentCategories.name })
      .from(taxRuleCategories)
      .innerJoin(
        categories,
        and(
          eq(categories.merchantId, taxRuleCategories.merchantId),
          eq(categories.id, taxRuleCategories.categoryId),
        ),
      )
      .leftJoin(parentCategories, eq(parentCategories.id, categories.parentId))
      .where(eq(taxRuleCategories.taxRuleId, options.ruleId))
      .orderBy(
        asc(sql`lower(coalesce(${parentCategories.name}, ''))`),
        asc(sql`lower(${categories.name})`),
        asc(categories.id),
      ),
  ]);
  return {
    ...toSummary(row),
    products: memberProducts.map((product) => ({
      id: product.id,
      name: product.name,
      sku: product.sku,
      is_active: product.archivedAt === null,
    })),
    categories: memberCategories.map((category) => ({
      id: category.id,
      name: category.name,
      parent_name: category.parentName,
    })),
  };
}

type RuleColumns = { name: string; description: string | null; rateBasisPoints: number };

export async function insertTaxRule(db: Db, options: InMerchant & { columns: RuleColumns }) {
  const [row] = await db
    .insert(taxRules)
    .values({ ...options.columns, merchantId: options.merchantId })
    .returning({ id: taxRules.id });
  return row!.id;
}

/** False when the rule is not the merchant's or its version is not `version`: nothing changes. */
export async function updateTaxRuleRow(
  db: Db,
  options: InRule & { version: number; columns: RuleColumns; now: Date },
) {
  const updated = await db
    .update(taxRules)
    .set({ ...options.columns, version: sql`${taxRules.version} + 1`, updatedAt: options.now })
    .where(
      and(
        eq(taxRules.merchantId, options.merchantId),
        eq(taxRules.id, options.ruleId),
        eq(taxRules.version, options.version),
      ),
    )
    .returning({ id: taxRules.id });
  return updated.length > 0;
}

/** Its memberships go with it (ON DELETE CASCADE). */
export async function deleteTaxRuleRow(db: Db, options: InRule) {
  const deleted = await db
    .delete(taxRules)
    .where(and(eq(taxRules.merchantId, options.merchantId), eq(taxRules.id, options.ruleId)))
    .returning({ id: taxRules.id });
  return deleted.length > 0;
}
