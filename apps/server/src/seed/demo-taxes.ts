import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { categories, taxRuleCategories, taxRules } from '../platform/db/schema/index.ts';

/**
 * The demo merchant's one tax rule, so /taxes has something in it.
 *
 * Decision: Australian GST has one rate, so the believable use of a rule is a category's rate
 * that every product in it (and in its sub-categories) takes, whatever its own flag says. Fresh
 * produce is GST-free: its demo products are flagged so already, and the rule keeps a product
 * added under Fresh Produce later GST-free even if nobody unticks its "GST applies" flag. (A wine
 * merchant's "wine equalisation tax" is not GST and does not belong here.)
 */
export const DEMO_TAX_RULE = {
  name: 'GST-free fresh produce',
  description: 'Fruit, vegetables and salad are GST-free, including products added to the category later.',
  rateBasisPoints: 0,
  category: 'Fresh Produce',
};

export async function seedDemoTaxes(tx: Db, merchantId: string): Promise<void> {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.merchantId, merchantId),
        isNull(categories.parentId),
        eq(categories.name, DEMO_TAX_RULE.category),
      ),
    );
  if (!category) throw new Error(`demo taxes: no "${DEMO_TAX_RULE.category}" category`);
  const { category: _category, ...rule } = DEMO_TAX_RULE;
  const [inserted] = await tx
    .insert(taxRules)
    .values({ merchantId, ...rule })
    .returning({ id: taxRules.id });
  await tx.insert(taxRuleCategories).values({ merchantId, taxRuleId: inserted!.id, categoryId: category.id });
}
