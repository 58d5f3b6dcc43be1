import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/client.ts';
import { categories, organisations, products, taxRules } from '../platform/db/schema/index.ts';
import { productGstRates } from '../modules/taxes/tax-rates.queries.ts';
import { openTestDatabase } from '../testing/index.ts';
import { seedDemo } from './demo.ts';
import { DEMO_TAX_RULE } from './demo-taxes.ts';

// The demo merchant has advanced tax on and one tax rule, which its fresh produce then follows.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  expect(await seedDemo(database.db)).toBe(true);
});
afterAll(() => drop());

describe('the demo merchant’s taxes', () => {
  it('has advanced tax on and a 0 % rule for fresh produce, reaching products in its sub-categories', async () => {
    const { db } = database;
    const [merchant] = await db
      .select({ id: organisations.id, isAdvancedTax: organisations.advancedTaxEnabled })
      .from(organisations)
      .where(eq(organisations.slug, 'harbourside-wholesale'));
    expect(merchant?.isAdvancedTax).toBe(true);
    const rules = await db.select().from(taxRules).where(eq(taxRules.merchantId, merchant!.id));
    expect(rules.map((rule) => [rule.name, rule.rateBasisPoints])).toEqual([[DEMO_TAX_RULE.name, 0]]);

    const inCategory = (path: string) =>
      db
        .select({ id: products.id })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(products.merchantId, merchant!.id), like(categories.name, path)))
        .limit(1);
    const [fruit] = await inCategory('Fruit');
    const [softDrink] = await inCategory('Soft Drinks');
    const rates = await productGstRates(db, {
      merchantId: merchant!.id,
      productIds: [fruit!.id, softDrink!.id],
      isTaxExempt: false,
    });
    expect([rates.get(fruit!.id), rates.get(softDrink!.id)]).toEqual([0, 1_000]);
  });
});
