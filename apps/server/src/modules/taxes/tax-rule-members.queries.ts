import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  categories,
  products,
  taxRuleCategories,
  taxRuleProducts,
  taxRules,
} from '../../platform/db/schema/index.ts';

// Which products and categories a rule names. Callers run these in one transaction after checking
// the rule is the merchant's; every query is scoped to the merchant again.

type Members = { productIds: string[]; categoryIds: string[] };

/**
 * Whether every id is the merchant's, locking those rows against a concurrent delete (FOR KEY
 * SHARE) so the memberships written next still have them.
 */
export async function lockMerchantMembers(tx: Db, options: { merchantId: string } & Members) {
  const [foundProducts, foundCategories] = [
    options.productIds.length === 0
      ? []
      : await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.merchantId, options.merchantId), inArray(products.id, options.productIds)))
          .for('key share'),
    options.categoryIds.length === 0
      ? []
      : await tx
          .select({ id: categories.id })
          .from(categories)
          .where(
            and(eq(categories.merchantId, options.merchantId), inArray(categories.id, options.categoryIds)),
          )
          .for('key share'),
  ];
  return {
    isEveryProductFound: foundProducts.length === options.productIds.length,
    isEveryCategoryFound: foundCategories.length === options.categoryIds.length,
  };
}

export type Claim = { kind: 'product' | 'category'; memberName: string; ruleName: string };

/**
 * The first of the ids already in another of the merchant's rules (`ruleId`: the rule being
 * edited, whose own members are no clash), with the rule's name; undefined when none is.
 */
export async function findClaimedMember(
  tx: Db,
  options: { merchantId: string; ruleId: string | null } & Members,
): Promise<Claim | undefined> {
  const otherRule = (column: typeof taxRuleProducts.taxRuleId | typeof taxRuleCategories.taxRuleId) =>
    options.ruleId === null ? undefined : ne(column, options.ruleId);
  if (options.productIds.length > 0) {
    const [row] = await tx
      .select({ memberName: products.name, ruleName: taxRules.name })
      .from(taxRuleProducts)
      .innerJoin(taxRules, eq(taxRules.id, taxRuleProducts.taxRuleId))
      .innerJoin(products, eq(products.id, taxRuleProducts.productId))
      .where(
        and(
          eq(taxRuleProducts.merchantId, options.merchantId),
          inArray(taxRuleProducts.productId, options.productIds),
          otherRule(taxRuleProducts.taxRuleId),
        ),
      )
      .orderBy(asc(sql`lower(${products.name})`))
      .limit(1);
    if (row) return { kind: 'product', ...row };
  }
  if (options.categoryIds.length > 0) {
    const [row] = await tx
      .select({ memberName: categories.name, ruleName: taxRules.name })
      .from(taxRuleCategories)
      .innerJoin(taxRules, eq(taxRules.id, taxRuleCategories.taxRuleId))
      .innerJoin(categories, eq(categories.id, taxRuleCategories.categoryId))
      .where(
        and(
          eq(taxRuleCategories.merchantId, options.merchantId),
          inArray(taxRuleCategories.categoryId, options.categoryIds),
          otherRule(taxRuleCategories.taxRuleId),
        ),
      )
      .orderBy(asc(sql`lower(${categories.name})`))
      .limit(1);
    if (row) return { kind: 'category', ...row };
  }
  return undefined;
}

/** Makes the rule's members exactly these: drops the others, adds the new ones. */
export async function replaceRuleMembers(tx: Db, options: { merchantId: string; ruleId: string } & Members) {
  const { merchantId, ruleId } = options;
  await tx
    .delete(taxRuleProducts)
    .where(
      and(
        eq(taxRuleProducts.taxRuleId, ruleId),
        options.productIds.length > 0 ? notInArray(taxRuleProducts.productId, options.productIds) : undefined,
      ),
    );
  await tx
    .delete(taxRuleCategories)
    .where(
      and(
        eq(taxRuleCategories.taxRuleId, ruleId),
        options.categoryIds.length > 0
          ? notInArray(taxRuleCategories.categoryId, options.categoryIds)
          : undefined,
      ),
    );
  if (options.productIds.length > 0)
    await tx
      .insert(taxRuleProducts)
      .values(options.productIds.map((productId) => ({ merchantId, taxRuleId: ruleId, productId })))
      .onConflictDoNothing({ target: [taxRuleProducts.taxRuleId, taxRuleProducts.productId] });
  if (options.categoryIds.length > 0)
    await tx
      .insert(taxRuleCategories)
      .values(options.categoryIds.map((categoryId) => ({ merchantId, taxRuleId: ruleId, categoryId })))
      .onConflictDoNothing({ target: [taxRuleCategories.taxRuleId, taxRuleCategories.categoryId] });
}
