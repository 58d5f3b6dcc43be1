import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import { categories, taxRuleCategories, taxRuleProducts, taxRules } from '../../platform/db/schema/index.ts';
import { createOrganisation, createTestProduct, openTestDatabase } from '../../testing/index.ts';
import { productGstRates } from './tax-rates.queries.ts';

// Which rate a product gets, on a real database: its own rule, else its category's, else the
// parent category's, else GST by its flag; a tax-exempt customer gets nothing; another
// merchant's products are never in the answer.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

async function category(merchantId: string, parentId: string | null = null) {
  const [row] = await database.db
    .insert(categories)
    .values({ merchantId, parentId, name: `Category ${randomUUID().slice(0, 8)}` })
    .returning();
  return row!.id;
}

async function rule(
  merchantId: string,
  rateBasisPoints: number,
  members: { productIds?: string[]; categoryIds?: string[] } = {},
) {
  const [row] = await database.db
    .insert(taxRules)
    .values({ merchantId, name: `Rule ${randomUUID().slice(0, 8)}`, rateBasisPoints })
    .returning();
  for (const productId of members.productIds ?? [])
    await database.db.insert(taxRuleProducts).values({ merchantId, taxRuleId: row!.id, productId });
  for (const categoryId of members.categoryIds ?? [])
    await database.db.insert(taxRuleCategories).values({ merchantId, taxRuleId: row!.id, categoryId });
  return row!.id;
}

describe('productGstRates', () => {
  it('takes the product’s rule, else its category’s, else the parent’s, else GST by the flag', async () => {
    const { id: merchantId } = await createOrganisation(database.db);
    const product = (overrides: { categoryId?: string; isGstApplicable?: boolean }) =>
      createTestProduct(database.db, { merchantId, ...overrides }).then((p) => p.id);

    const parent = await category(merchantId);
    const ruledChild = await category(merchantId, parent);
    const plainChild = await category(merchantId, parent);
    const plainTop = await category(merchantId);

    const taxable = await product({});
    const gstFree = await product({ isGstApplicable: false });
    const inPlainTop = await product({ categoryId: plainTop });
    const inRuledChild = await product({ categoryId: ruledChild });
    const inPlainChild = await product({ categoryId: plainChild });
    const inParent = await product({ categoryId: parent });
    const ownBeatsCategory = await product({ categoryId: ruledChild });
    const gstFreeInRuledCategory = await product({ categoryId: ruledChild, isGstApplicable: false });
    const zeroRated = await product({});

    await rule(merchantId, 1_500, { categoryIds: [parent] });
    await rule(merchantId, 500, { categoryIds: [ruledChild] });
    await rule(merchantId, 250, { productIds: [ownBeatsCategory] });
    // A 0 % rule is a rule, not "no rule": it beats GST's 10 % on a taxable product.
    await rule(merchantId, 0, { productIds: [zeroRated] });

    const all = [
      taxable,
      gstFree,
      inPlainTop,
      inRuledChild,
      inPlainChild,
      inParent,
      ownBeatsCategory,
      gstFreeInRuledCategory,
      zeroRated,
    ];
    const rates = await productGstRates(database.db, { merchantId, productIds: all, isTaxExempt: false });
    expect(Object.fromEntries([...rates].map(([id, rate]) => [all.indexOf(id), rate]))).toEqual({
      0: 1_000,
      1: 0,
      2: 1_000,
      3: 500,
      4: 1_500,
      5: 1_500,
      6: 250,
      7: 500,
      8: 0,
    });

    const exempt = await productGstRates(database.db, { merchantId, productIds: all, isTaxExempt: true });
    expect(exempt.size).toBe(all.length);
    expect([...exempt.values()].every((rate) => rate === 0)).toBe(true);
  });

  it('answers only for the merchant’s own products, once per id, and nothing for no ids', async () => {
    const { id: merchantId } = await createOrganisation(database.db);
    const { id: otherMerchantId } = await createOrganisation(database.db);
    const mine = (await createTestProduct(database.db, { merchantId })).id;
    const theirs = (await createTestProduct(database.db, { merchantId: otherMerchantId })).id;
    // The other merchant's rule must not reach its product through this merchant's question.
    await rule(otherMerchantId, 700, { productIds: [theirs] });

    const rates = await productGstRates(database.db, {
      merchantId,
      productIds: [mine, theirs, mine, randomUUID()],
      isTaxExempt: false,
    });
    expect([...rates]).toEqual([[mine, 1_000]]);

    const theirsAsked = await productGstRates(database.db, {
      merchantId: otherMerchantId,
      productIds: [theirs],
      isTaxExempt: false,
    });
    expect(theirsAsked.get(theirs)).toBe(700);

    expect(
      (await productGstRates(database.db, { merchantId, productIds: [], isTaxExempt: false })).size,
    ).toBe(0);
  });

  it('prices many products in one answer', async () => {
    const { id: merchantId } = await createOrganisation(database.db);
    const top = await category(merchantId);
    await rule(merchantId, 300, { categoryIds: [top] });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await createTestProduct(database.db, { merchantId, categoryId: i % 2 ? top : null })).id);
    const rates = await productGstRates(database.db, { merchantId, productIds: ids, isTaxExempt: false });
    expect(ids.map((id) => rates.get(id))).toEqual(ids.map((_, i) => (i % 2 ? 300 : 1_000)));
  });
});
