import { randomUUID } from 'node:crypto';
import { isProductVisibleTo, matchesSearchWords, resolveUnitPrice } from '@tradeport/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import {
  brands,
  customerAccounts,
  pricingTiers,
  products as productsTable,
  tierPrices,
  visibilityGroupCustomers,
  visibilityGroupProducts,
  visibilityGroups,
} from '../../platform/db/schema/index.ts';
import { createOrganisation, createTestProduct, openTestDatabase } from '../../testing/index.ts';
import { listCatalogueFacets } from './catalogue-facets.queries.ts';
import { findVisibleProductForCustomer, listCataloguePage } from './catalogue.queries.ts';
import { WALKED_ROWS } from './catalogue-trigram-pages.queries.ts';

// The catalogue's SQL against the contract's statement of the two rules: for random small worlds
// (products, some archived; 0–3 visibility groups; 2–3 customers; tiers with some prices), what
// the queries return for each customer is exactly what isProductVisibleTo and resolveUnitPrice say,
// and a search finds exactly what the word rule (matchesSearchWords) says, words matched in the
// name, the SKU or the brand's name (a search sorts the matches first and tests visibility after,
// page by page: the same answer as browsing must give). A brand filter narrows that to the
// brand's products, and the facets list exactly the brands of the products the customer sees.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const GROUPS = 3;
const TIERS = 2;
/** Brand names sharing words with each other and with the product names. */
const BRANDS = ['Dale Farms', 'Apple Barn Co'];
const flags = (count: number) => fc.array(fc.boolean(), { minLength: count, maxLength: count });

const worldArbitrary = fc
  .record({
    groupCount: fc.integer({ min: 0, max: GROUPS }),
    products: fc.array(
      fc.record({
        // Few distinct names, in both cases: ties in lower(name) exercise the id tie-break.
        name: fc.constantFrom('apple', 'Apple', 'bread', 'Cheese', 'dates'),
        isArchived: fc.boolean(),
        brand: fc.option(fc.integer({ min: 0, max: BRANDS.length - 1 }), { nil: null }),
        basePriceCents: fc.integer({ min: 0, max: 5_000 }),
        inGroup: flags(GROUPS),
        tierPrice: fc.array(fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }), {
          minLength: TIERS,
          maxLength: TIERS,
        }),
      }),
      { minLength: 1, maxLength: 7 },
    ),
    customers: fc.array(
      fc.record({
        inGroup: flags(GROUPS),
        tier: fc.option(fc.integer({ min: 0, max: TIERS - 1 }), { nil: null }),
      }),
      { minLength: 2, maxLength: 3 },
    ),
    pageSize: fc.integer({ min: 1, max: 4 }),
    // Without a search the query walks the name index; with one it sorts the matches. Searches of
    // several words must match every word, in any order (the word rule, matchesSearchWords).
    search: fc.option(
      fc.constantFrom(
        'app',
        'APPLE',
        'ee',
        'p-1',
        'p-1 app',
        'APPLE  p-',
        'ee p',
        'bread apple',
        'p- br',
        // Words of a brand's name, alone and beside words of the product's own.
        'farms',
        'DALE p-',
        'barn bread',
        'co apple',
        'farms barn',
      ),
      { nil: undefined },
    ),
    // Filtered to one brand's products, on every way a page is found (browse, walk, word index).
    brandFilter: fc.option(fc.integer({ min: 0, max: BRANDS.length - 1 }), { nil: undefined }),
  })
  .map((world) => ({
    ...world,
    // Memberships of groups that do not exist in this world are dropped.
    products: world.products.map((p) => ({ ...p, inGroup: p.inGroup.slice(0, world.groupCount) })),
    customers: world.customers.map((c) => ({ ...c, inGroup: c.inGroup.slice(0, world.groupCount) })),
  }));

type World = typeof worldArbitrary extends fc.Arbitrary<infer W> ? W : never;

/** Writes the world for a fresh merchant, so runs never see each other's rows. */
async function store(world: World) {
  const { db } = database;
  const merchant = await createOrganisation(db, { kind: 'MERCHANT', title: 'Property Merchant' });
  const merchantId = merchant.id;
  const groups = world.groupCount
    ? await db
        .insert(visibilityGroups)
        .values(Array.from({ length: world.groupCount }, (_, i) => ({ merchantId, name: `Group ${i}` })))
        .returning()
    : [];
  const brandRows = await db
    .insert(brands)
    .values(BRANDS.map((name) => ({ merchantId, name })))
    .returning();
  const tiers = await db
    .insert(pricingTiers)
    .values(Array.from({ length: TIERS }, (_, i) => ({ merchantId, name: `Tier ${i}` })))
    .returning();
  const products = [];
  for (const [index, spec] of world.products.entries()) {
    const product = await createTestProduct(db, {
      merchantId,
      name: spec.name,
      sku: `P-${index}`,
      basePriceCents: spec.basePriceCents,
      archivedAt: spec.isArchived ? new Date() : null,
      brandId: spec.brand === null ? null : brandRows[spec.brand]!.id,
    });
    products.push({
      ...spec,
      id: product.id,
      sku: product.sku,
      brandName: spec.brand === null ? null : BRANDS[spec.brand]!,
      groupIds: groups.filter((_, g) => spec.inGroup[g]).map((g) => g.id),
    });
    for (const [g, group] of groups.entries()) {
      if (spec.inGroup[g])
        await db
          .insert(visibilityGroupProducts)
          .values({ merchantId, groupId: group.id, productId: product.id });
    }
    for (const [t, tier] of tiers.entries()) {
      const priceCents = spec.tierPrice[t];
      if (priceCents !== null && priceCents !== undefined) {
        await db
          .insert(tierPrices)
          .values({ merchantId, tierId: tier.id, productId: product.id, priceCents });
      }
    }
  }
  const customers = [];
  for (const spec of world.customers) {
    const organisation = await createOrganisation(db, {
      kind: 'CUSTOMER',
      title: 'Customer',
      slug: `c-${randomUUID()}`,
    });
    const [account] = await db
      .insert(customerAccounts)
      .values({
        merchantId,
        customerOrganisationId: organisation.id,
        pricingTierId: spec.tier === null ? null : tiers[spec.tier]!.id,
      })
      .returning();
    for (const [g, group] of groups.entries()) {
      if (spec.inGroup[g]) {
        await db
          .insert(visibilityGroupCustomers)
          .values({ merchantId, groupId: group.id, customerAccountId: account!.id });
      }
    }
    customers.push({
      ...spec,
      accountId: account!.id,
      groupIds: groups.filter((_, g) => spec.inGroup[g]).map((g) => g.id),
    });
  }
  return { merchantId, products, customers, brandIds: brandRows.map((row) => row.id) };
}

/** Every page of one customer's catalogue, `pageSize` rows at a time. */
async function listEverything(options: {
  viewer: { merchantId: string; customerAccountId: string };
  pageSize: number;
  search: string | undefined;
  brandId?: string;
}) {
  const seen = [];
  let cursor: string | undefined;
  do {
    const page = await listCataloguePage(database.db, {
      viewer: options.viewer,
      limit: options.pageSize,
      search: options.search,
      brandId: options.brandId,
      cursor,
    });
    seen.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return seen;
}

const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x === y ? (a.id < b.id ? -1 : 1) : x < y ? -1 : 1;
};

describe('catalogue visibility and price SQL', () => {
  it('matches isProductVisibleTo and resolveUnitPrice for every customer and product', async () => {
    await fc.assert(
      fc.asyncProperty(worldArbitrary, async (world) => {
        const stored = await store(world);
        for (const customer of stored.customers) {
          const visible = stored.products
            .filter((product) =>
              isProductVisibleTo({
                isProductActive: !product.isArchived,
                productGroupIds: product.groupIds,
                customerGroupIds: customer.groupIds,
              }),
            )
            .map((product) => {
              const tierPriceCents = customer.tier === null ? null : product.tierPrice[customer.tier];
              return {
                id: product.id,
                name: product.name,
                sku: product.sku,
                brand_name: product.brandName,
                price_cents: resolveUnitPrice({ basePriceCents: product.basePriceCents, tierPriceCents }),
                is_tier_price: tierPriceCents !== null && tierPriceCents !== undefined,
              };
            })
            .sort(byNameThenId);
          const { search, brandFilter } = world;
          const brandName = brandFilter === undefined ? undefined : BRANDS[brandFilter];
          const expected = visible.filter(
            (product) =>
              (search === undefined ||
                matchesSearchWords(
                  { name: product.name, sku: product.sku, brandName: product.brand_name },
                  search,
                )) &&
              (brandName === undefined || product.brand_name === brandName),
          );
          const viewer = { merchantId: stored.merchantId, customerAccountId: customer.accountId };

          const listed = await listEverything({
            viewer,
            pageSize: world.pageSize,
            search,
            brandId: brandFilter === undefined ? undefined : stored.brandIds[brandFilter],
          });
          const seen = listed.map(({ id, name, sku, brand_name, price_cents, is_tier_price }) => ({
            id,
            name,
            sku,
            brand_name,
            price_cents,
            is_tier_price,
          }));
          expect(seen).toEqual(expected);
          for (const product of stored.products) {
            const found = await findVisibleProductForCustomer(database.db, {
              ...viewer,
              productId: product.id,
            });
            expect(found?.price_cents).toBe(visible.find((v) => v.id === product.id)?.price_cents);
          }
          // A brand is offered exactly when a product the customer sees has it.
          const facets = await listCatalogueFacets(database.db, { viewer });
          const seenBrands = new Set(visible.flatMap((product) => product.brand_name ?? []));
          expect(facets.brands.map((brand) => brand.name)).toEqual(
            BRANDS.filter((name) => seenBrands.has(name)).sort((a, b) =>
              a.toLowerCase() < b.toLowerCase() ? -1 : 1,
            ),
          );
        }
      }),
      { numRuns: 30 },
    );
  });

  it('finds the matches of a search beyond its walk in name order, visible ones only, page by page', async () => {
    // More products than a search walks, the matches all after them in name order: the walk finds
    // none, so the page comes from the trigram index, and must be the same as the rule says.
    const { db } = database;
    const merchant = await createOrganisation(db, { kind: 'MERCHANT', title: 'Walk Merchant' });
    const merchantId = merchant.id;
    const filler = Array.from({ length: WALKED_ROWS + 50 }, (_, i) => ({
      merchantId,
      name: `Apple ${String(i).padStart(5, '0')}`,
      sku: `F-${i}`,
      basePriceCents: 100,
    }));
    for (let i = 0; i < filler.length; i += 500) {
      await db.insert(productsTable).values(filler.slice(i, i + 500));
    }
    const late = await db
      .insert(productsTable)
      .values(
        ['Zebra Oat Milk', 'zebra oat milk', 'Zebra Milk', 'Zulu Oat Milk', 'Zebra Oats'].map((name, i) => ({
          merchantId,
          name,
          sku: `Z-${i}`,
          basePriceCents: 200,
        })),
      )
      .returning();
    const [group] = await db.insert(visibilityGroups).values({ merchantId, name: 'Hidden' }).returning();
    // The second "zebra oat milk" is in a group the customer is not in.
    await db
      .insert(visibilityGroupProducts)
      .values({ merchantId, groupId: group!.id, productId: late[1]!.id });
    const organisation = await createOrganisation(db, {
      kind: 'CUSTOMER',
      title: 'Customer',
      slug: `c-${randomUUID()}`,
    });
    const [account] = await db
      .insert(customerAccounts)
      .values({ merchantId, customerOrganisationId: organisation.id })
      .returning();
    const viewer = { merchantId, customerAccountId: account!.id };

    for (const pageSize of [1, 2, 50]) {
      const names = (await listEverything({ viewer, pageSize, search: 'oat MILK' })).map((p) => p.name);
      expect(names).toEqual(['Zebra Oat Milk', 'Zulu Oat Milk']);
    }
    // A common word fills its page from the walk, and then goes on past it.
    const apples = await listCataloguePage(db, { viewer, limit: 50, search: 'apple' });
    expect(apples.items.map((p) => p.name)).toEqual(filler.slice(0, 50).map((p) => p.name));
    const all = await listEverything({ viewer, pageSize: 100, search: 'apple 0' });
    expect(all).toHaveLength(filler.filter((p) => p.name.includes(' 0')).length);
  });
});
