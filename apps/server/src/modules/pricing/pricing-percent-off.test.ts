import { MAX_PERCENT_OFF_PRODUCTS, percentOffCents, type TierItem } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products } from '../../platform/db/schema/index.ts';
import { createTestProduct, type TestApp } from '../../testing/index.ts';
import { createTestApp } from '../../testing/index.ts';
import { groupPaths, groupTestKit, KIND_CASES, type Page } from '../product-groups/product-groups.testing.ts';

// Merchants asked (issue 9): set a tier's prices for a brand or a category at once, as a
// percentage off the base price.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, ok, world, createGroup, memberOf } = groupTestKit(() => t);
const tier = KIND_CASES.find((kind) => kind.segment === 'pricing')!;

async function brandOf(merchantId: string, name: string) {
  const [row] = await t.database.db.insert(brands).values({ merchantId, name }).returning();
  return row!;
}

async function categoryOf(merchantId: string, name: string, parentId: string | null = null) {
  const [row] = await t.database.db.insert(categories).values({ merchantId, name, parentId }).returning();
  return row!;
}

async function pricesIn(merchantId: string, tierId: string, headers: Record<string, string>) {
  const page = await ok<Page<TierItem>>(
    api('GET', `${groupPaths(tier, merchantId, tierId).items}?limit=100`, headers),
  );
  return Object.fromEntries(page.items.map((item) => [item.name, item.price_cents]));
}

describe('PUT …/tier/{gid}/percent-off', () => {
  it('sets every current product of a brand to the percentage off its base price, rounding half-up, and says how many', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const oat = await brandOf(merchantId, 'Oatly');
    const other = await brandOf(merchantId, 'Other');
    const bases = [4, 5, 99, 1999, 450];
    for (const [index, base] of bases.entries()) {
      await createTestProduct(t.database.db, {
        merchantId,
        name: `Oat ${index}`,
        brandId: oat.id,
        basePriceCents: base,
      });
    }
    await createTestProduct(t.database.db, {
      merchantId,
      name: 'Oat archived',
      brandId: oat.id,
      archivedAt: new Date(),
    });
    await createTestProduct(t.database.db, { merchantId, name: 'Not oat', brandId: other.id });
    const group = await createGroup(tier, merchantId, admin.headers, 'Wholesale');
    const url = `${groupPaths(tier, merchantId, group.id).record}/percent-off`;

    const answer = await ok(api('PUT', url, admin.headers, { brand_id: oat.id, percent_off: 12.5 }));
    expect(answer).toEqual({ matched: 5, changed: 5 });
    expect(await pricesIn(merchantId, group.id, admin.headers)).toEqual(
      Object.fromEntries(bases.map((base, index) => [`Oat ${index}`, percentOffCents(base, 1250)])),
    );
    // Half a cent goes up: 12.5 % off 4 cents is 3.5 cents.
    expect((await pricesIn(merchantId, group.id, admin.headers))['Oat 0']).toBe(4);

    // The same call again changes nothing; another percentage changes them all.
    expect(await ok(api('PUT', url, admin.headers, { brand_id: oat.id, percent_off: 12.5 }))).toEqual({
      matched: 5,
      changed: 0,
    });
    // 0 % off: the base prices; the 4-cent product was already at 4 cents, so 4 prices move.
    expect(await ok(api('PUT', url, admin.headers, { brand_id: oat.id, percent_off: 0 }))).toEqual({
      matched: 5,
      changed: 4,
    });
    expect((await pricesIn(merchantId, group.id, admin.headers))['Oat 3']).toBe(1999);
  });

  it('takes a category with its sub-categories', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const coffee = await categoryOf(merchantId, 'Coffee');
    const beans = await categoryOf(merchantId, 'Beans', coffee.id);
    const tea = await categoryOf(merchantId, 'Tea');
    await createTestProduct(t.database.db, {
      merchantId,
      name: 'Blend',
      categoryId: coffee.id,
      basePriceCents: 1000,
    });
    await createTestProduct(t.database.db, {
      merchantId,
      name: 'Single origin',
      categoryId: beans.id,
      basePriceCents: 2000,
    });
    await createTestProduct(t.database.db, {
      merchantId,
      name: 'Sencha',
      categoryId: tea.id,
      basePriceCents: 800,
    });
    const group = await createGroup(tier, merchantId, admin.headers, 'Cafés');
    const url = `${groupPaths(tier, merchantId, group.id).record}/percent-off`;

    expect(await ok(api('PUT', url, admin.headers, { category_id: coffee.id, percent_off: 10 }))).toEqual({
      matched: 2,
      changed: 2,
    });
    expect(await pricesIn(merchantId, group.id, admin.headers)).toEqual({
      Blend: 900,
      'Single origin': 1800,
    });
  });

  it('refuses bad input in words, another merchant’s brand or tier with 404, and a User with 403, changing nothing', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const brand = await brandOf(merchantId, 'Mine');
    await createTestProduct(t.database.db, { merchantId, name: 'Mine 1', brandId: brand.id });
    const group = await createGroup(tier, merchantId, admin.headers, 'Trade');
    const url = `${groupPaths(tier, merchantId, group.id).record}/percent-off`;
    const elsewhere = await world({ productCount: 0 });
    const theirBrand = await brandOf(elsewhere.merchantId, 'Theirs');
    const theirTier = await createGroup(tier, elsewhere.merchantId, elsewhere.admin.headers, 'Theirs');

    const bad = await api('PUT', url, admin.headers, { brand_id: brand.id, percent_off: 150 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'body.percent_off', message: 'Percentage off must be from 0 to 100, with at most 2 decimals' },
    ]);
    const neither = await api('PUT', url, admin.headers, { percent_off: 10 });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details.map((d: { path: string }) => d.path)).toEqual(['body.brand_id']);

    const foreignBrand = await api('PUT', url, admin.headers, { brand_id: theirBrand.id, percent_off: 10 });
    expect({ status: foreignBrand.statusCode, code: foreignBrand.json().error_code }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    const foreignCategory = await api('PUT', url, admin.headers, {
      category_id: theirBrand.id,
      percent_off: 10,
    });
    expect(foreignCategory.statusCode).toBe(404);
    const foreignTier = `${groupPaths(tier, merchantId, theirTier.id).record}/percent-off`;
    expect(
      (await api('PUT', foreignTier, admin.headers, { brand_id: brand.id, percent_off: 10 })).statusCode,
    ).toBe(404);

    const user = await memberOf(merchantId, 'User');
    const refused = await api('PUT', url, user.headers, { brand_id: brand.id, percent_off: 10 });
    expect({ status: refused.statusCode, code: refused.json().error_code }).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await pricesIn(merchantId, group.id, admin.headers)).toEqual({});
  });

  it('refuses a brand with more current products than one call may price, saying so and changing nothing', async () => {
    const { merchantId, admin } = await world({ productCount: 0 });
    const brand = await brandOf(merchantId, 'Huge');
    await t.database.db.insert(products).values(
      Array.from({ length: MAX_PERCENT_OFF_PRODUCTS + 1 }, (_, i) => ({
        merchantId,
        brandId: brand.id,
        name: `Huge ${i}`,
        sku: `HUGE-${i}`,
        basePriceCents: 100,
      })),
    );
    const group = await createGroup(tier, merchantId, admin.headers, 'Bounded');
    const url = `${groupPaths(tier, merchantId, group.id).record}/percent-off`;

    const refused = await api('PUT', url, admin.headers, { brand_id: brand.id, percent_off: 10 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      message: `More than ${MAX_PERCENT_OFF_PRODUCTS.toLocaleString('en-AU')} current products are in this brand or category; price a narrower category, or fewer at a time. Nothing was changed.`,
    });
    expect(await pricesIn(merchantId, group.id, admin.headers)).toEqual({});
  });
});
