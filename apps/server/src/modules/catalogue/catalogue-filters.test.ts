import { randomUUID } from 'node:crypto';
import type { CatalogueFacets, CatalogueProduct, Customer } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, customerAccounts } from '../../platform/db/schema/index.ts';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { groupPaths, KIND_CASES } from '../product-groups/product-groups.testing.ts';
import { taxesPath } from '../taxes/taxes.testing.ts';
import { catalogueTestKit } from './catalogue.testing.ts';

// The catalogue's brand filter, the facets a customer filters by, and each product's GST rate
// for the customer viewing: all through the API, with hidden, archived and other merchants' rows
// beside the ones that count.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = catalogueTestKit(() => t);
const { api, ok, shop, listAll, listUrl, productUrl, createGroup, memberOf, signedIn } = kit;
const visibility = KIND_CASES[1]!;

const facetsUrl = (merchantId: string, customerOrganisationId: string) =>
  `/products/organisation/${merchantId}/catalogue/facets?customer_organisation_id=${customerOrganisationId}`;

/**
 * A merchant whose products name two brands and a category tree; one product of each is hidden
 * from the first customer (a group only the second is in), one archived, and one of each kind is
 * named by no product at all.
 */
async function filterWorld() {
  const world = await shop({ productCount: 0 });
  const { merchantId, admin } = world;
  const db = t.database.db;
  const brand = async (name: string) =>
    (await db.insert(brands).values({ merchantId, name }).returning())[0]!;
  const category = async (name: string, parentId: string | null = null) =>
    (await db.insert(categories).values({ merchantId, name, parentId }).returning())[0]!;
  const [bega, dale, hiddenBrand, archivedBrand, unusedBrand] = [
    await brand('Bega'),
    await brand('dale Farms'),
    await brand('Staff Brand'),
    await brand('Gone Brand'),
    await brand('Unused Brand'),
  ];
  const [drinks, bakery, unused] = [
    await category('Drinks'),
    await category('Bakery'),
    await category('Unused'),
  ];
  const [juice, milk, secret, archivedCategory] = [
    await category('Juice', drinks.id),
    await category('Milk', drinks.id),
    await category('Secret', bakery.id),
    await category('Gone', bakery.id),
  ];
  const product = (name: string, extra: Omit<Parameters<typeof createTestProduct>[1], 'merchantId'>) =>
    createTestProduct(db, { merchantId, name, ...extra });
  const made = {
    appleJuice: await product('Apple juice', { brandId: bega.id, categoryId: juice.id }),
    orangeJuice: await product('Orange juice', { brandId: dale.id, categoryId: juice.id }),
    begaMilk: await product('Milk full cream', { brandId: bega.id, categoryId: milk.id }),
    loose: await product('Loose tea', {}),
    staffCake: await product('Staff cake', { brandId: hiddenBrand.id, categoryId: secret.id }),
    staffJuice: await product('Staff juice', { brandId: bega.id, categoryId: juice.id }),
    oldBread: await product('Old bread', {
      brandId: archivedBrand.id,
      categoryId: archivedCategory.id,
      archivedAt: new Date(),
    }),
  };
  const group = await createGroup(visibility, merchantId, admin.headers, 'Staff');
  const paths = groupPaths(visibility, merchantId, group.id);
  for (const hidden of [made.staffCake, made.staffJuice])
    await ok(api('PUT', paths.item, admin.headers, { product_id: hidden.id }));
  const [outsider, insider] = world.customers;
  await ok(api('PUT', paths.customer(insider!.account.id), admin.headers));
  return {
    ...world,
    outsider: outsider!,
    insider: insider!,
    brands: { bega, dale, hiddenBrand, archivedBrand, unusedBrand },
    categories: { drinks, bakery, unused, juice, milk, secret, archivedCategory },
    made,
  };
}

describe('GET /products/organisation/{id}/catalogue?brand_id=…', () => {
  it('lists the brand’s visible products, with a category and with every kind of search', async () => {
    const w = await filterWorld();
    const viewer = {
      headers: w.outsider.headers,
      merchantId: w.merchantId,
      customerOrganisationId: w.outsider.account.organisation_id,
    };
    const names = async (query: Record<string, string>) =>
      (await listAll({ ...viewer, query: { limit: '1', ...query } })).map((p) => p.name);
    const bega = w.brands.bega.id;

    expect(await names({ brand_id: bega })).toEqual(['Apple juice', 'Milk full cream']);
    expect(await names({ brand_id: bega, category_id: w.categories.drinks.id })).toEqual([
      'Apple juice',
      'Milk full cream',
    ]);
    expect(await names({ brand_id: bega, category_id: w.categories.juice.id })).toEqual(['Apple juice']);
    // The word index ("juice"), a word too short for it ("ju"), and a word of a brand's name.
    expect(await names({ brand_id: bega, search: 'juice' })).toEqual(['Apple juice']);
    expect(await names({ brand_id: bega, search: 'ju' })).toEqual(['Apple juice']);
    expect(await names({ brand_id: w.brands.dale.id, search: 'farms' })).toEqual(['Orange juice']);
    expect(await names({ brand_id: bega, search: 'farms' })).toEqual([]);
    // Hidden from this customer; archived for everyone.
    expect(await names({ brand_id: w.brands.hiddenBrand.id })).toEqual([]);
    expect(await names({ brand_id: w.brands.archivedBrand.id })).toEqual([]);
    // The customer in the group sees its hidden products under the brand too.
    const insider = {
      headers: w.insider.headers,
      merchantId: w.merchantId,
      customerOrganisationId: w.insider.account.organisation_id,
    };
    expect((await listAll({ ...insider, query: { brand_id: bega } })).map((p) => p.name)).toEqual([
      'Apple juice',
      'Milk full cream',
      'Staff juice',
    ]);
  });

  it('finds nothing with another merchant’s brand or category, and answers 400 for a malformed one', async () => {
    const w = await filterWorld();
    const other = await shop({ productCount: 0 });
    const db = t.database.db;
    const [theirBrand] = await db
      .insert(brands)
      .values({ merchantId: other.merchantId, name: 'Bega' })
      .returning();
    const [theirCategory] = await db
      .insert(categories)
      .values({ merchantId: other.merchantId, name: 'Drinks' })
      .returning();
    await createTestProduct(db, {
      merchantId: other.merchantId,
      brandId: theirBrand!.id,
      categoryId: theirCategory!.id,
    });
    const org = w.outsider.account.organisation_id;
    for (const query of [
      { brand_id: theirBrand!.id },
      { category_id: theirCategory!.id },
      { brand_id: theirBrand!.id, search: 'juice' },
      { brand_id: randomUUID() },
    ] as Record<string, string>[]) {
      const page = await ok<{ items: CatalogueProduct[] }>(
        api('GET', listUrl(w.merchantId, org, query), w.outsider.headers),
      );
      expect(page.items, JSON.stringify(query)).toEqual([]);
    }
    const bad = await api('GET', listUrl(w.merchantId, org, { brand_id: 'bega' }), w.outsider.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toContain('querystring.brand_id');
  });
});

describe('GET /products/organisation/{id}/catalogue/facets', () => {
  it('lists the categories (with their parents) and brands holding a product the customer can see', async () => {
    const w = await filterWorld();
    const { drinks, bakery, juice, milk, secret } = w.categories;
    const outsider = await ok<CatalogueFacets>(
      api('GET', facetsUrl(w.merchantId, w.outsider.account.organisation_id), w.outsider.headers),
    );
    expect(outsider).toEqual({
      categories: [
        { id: drinks.id, name: 'Drinks', parent_id: null },
        { id: juice.id, name: 'Juice', parent_id: drinks.id },
        { id: milk.id, name: 'Milk', parent_id: drinks.id },
      ],
      brands: [
        { id: w.brands.bega.id, name: 'Bega' },
        { id: w.brands.dale.id, name: 'dale Farms' },
      ],
      is_truncated: false,
    });
    // In the group: the hidden cake's category (and its parent) and brand too; never the archived.
    const insider = await ok<CatalogueFacets>(
      api('GET', facetsUrl(w.merchantId, w.insider.account.organisation_id), w.insider.headers),
    );
    expect(insider.categories.map((c) => c.name)).toEqual(['Bakery', 'Drinks', 'Juice', 'Milk', 'Secret']);
    expect(insider.categories.find((c) => c.id === secret.id)?.parent_id).toBe(bakery.id);
    expect(insider.brands.map((b) => b.name)).toEqual(['Bega', 'dale Farms', 'Staff Brand']);

    // Every category and brand listed filters to at least one product; the ones left out to none.
    const viewer = {
      headers: w.outsider.headers,
      merchantId: w.merchantId,
      customerOrganisationId: w.outsider.account.organisation_id,
    };
    for (const category of Object.values(w.categories)) {
      const found = await listAll({ ...viewer, query: { category_id: category.id } });
      const isListed = outsider.categories.some((c) => c.id === category.id);
      expect(found.length > 0, category.name).toBe(isListed);
    }
    for (const brand of Object.values(w.brands)) {
      const found = await listAll({ ...viewer, query: { brand_id: brand.id } });
      const isListed = outsider.brands.some((b) => b.id === brand.id);
      expect(found.length > 0, brand.name).toBe(isListed);
    }
  });

  it('answers merchant members viewing as a customer, and 404 to anyone without the account', async () => {
    const w = await filterWorld();
    const org = w.outsider.account.organisation_id;
    const asCustomer = await ok<CatalogueFacets>(
      api('GET', facetsUrl(w.merchantId, org), w.outsider.headers),
    );
    const user = await memberOf(w.merchantId, 'User');
    expect(await ok(api('GET', facetsUrl(w.merchantId, org), user.headers))).toEqual(asCustomer);
    const house = await ok<Customer>(
      api('GET', `/organisations/${w.merchantId}/customers/house-accounts`, w.admin.headers),
    );
    const asHouse = await ok<CatalogueFacets>(
      api('GET', facetsUrl(w.merchantId, house.organisation_id), w.admin.headers),
    );
    expect(asHouse.brands.map((b) => b.name)).toEqual(['Bega', 'dale Farms']);

    const elsewhere = await shop({ productCount: 0 });
    const stranger = await signedIn('Sam Stranger');
    const refused: [string, Record<string, string>][] = [
      [facetsUrl(w.merchantId, org), stranger.headers],
      [facetsUrl(w.merchantId, org), elsewhere.admin.headers],
      [facetsUrl(elsewhere.merchantId, org), w.outsider.headers],
      [facetsUrl(randomUUID(), org), w.outsider.headers],
    ];
    for (const [url, headers] of refused) {
      const response = await api('GET', url, headers);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error_code).toBe('NOT_FOUND');
    }
    const malformed = await api('GET', facetsUrl(w.merchantId, 'nope'), w.outsider.headers);
    expect(malformed.statusCode).toBe(400);
  });
});

describe('CatalogueProduct.gst_rate_basis_points', () => {
  it('is the customer’s rate: a tax rule’s, else 10 % or GST-free, and 0 for a tax-exempt customer', async () => {
    const { merchantId, admin, customers } = await shop({ productCount: 0 });
    const db = t.database.db;
    const [drinks] = await db.insert(categories).values({ merchantId, name: 'Drinks' }).returning();
    const [juice] = await db
      .insert(categories)
      .values({ merchantId, name: 'Juice', parentId: drinks!.id })
      .returning();
    await createTestProduct(db, { merchantId, name: 'A taxable' });
    await createTestProduct(db, { merchantId, name: 'B free', isGstApplicable: false });
    const ruled = await createTestProduct(db, { merchantId, name: 'C ruled' });
    await createTestProduct(db, { merchantId, name: 'D juice', categoryId: juice!.id });
    await ok(
      api('POST', taxesPath(merchantId), admin.headers, {
        name: 'Reduced',
        rate_basis_points: 500,
        product_ids: [ruled.id],
      }),
      201,
    );
    await ok(
      api('POST', taxesPath(merchantId), admin.headers, {
        name: 'Drinks',
        rate_basis_points: 250,
        category_ids: [drinks!.id],
      }),
      201,
    );
    const [payer, exempt] = customers;
    await db
      .update(customerAccounts)
      .set({ isTaxExempt: true })
      .where(eq(customerAccounts.id, exempt!.account.id));

    const ratesOf = async (customer: typeof payer) => {
      const listed = await listAll({
        headers: customer!.headers,
        merchantId,
        customerOrganisationId: customer!.account.organisation_id,
        query: { limit: '3' },
      });
      return listed.map((p) => [p.name, p.gst_rate_basis_points]);
    };
    expect(await ratesOf(payer)).toEqual([
      ['A taxable', 1_000],
      ['B free', 0],
      ['C ruled', 500],
      ['D juice', 250],
    ]);
    expect(await ratesOf(exempt)).toEqual([
      ['A taxable', 0],
      ['B free', 0],
      ['C ruled', 0],
      ['D juice', 0],
    ]);
    const one = await ok<CatalogueProduct>(
      api('GET', productUrl(ruled.id, payer!.account.organisation_id), payer!.headers),
    );
    expect(one.gst_rate_basis_points).toBe(500);
  });
});
