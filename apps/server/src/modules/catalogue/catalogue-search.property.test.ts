import { randomUUID } from 'node:crypto';
import { matchesSearchWords } from '@tradeport/contract';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import {
  brands,
  customerAccounts,
  products,
  visibilityGroupProducts,
  visibilityGroups,
} from '../../platform/db/schema/index.ts';
import { createOrganisation, openTestDatabase } from '../../testing/index.ts';
import { MAX_WALKED_TERMS } from '../products/product-search-postings.queries.ts';
import { listProductRows } from '../products/product-list.queries.ts';
import { listCataloguePage } from './catalogue.queries.ts';

// The catalogue's search against the contract's word rule (matchesSearchWords), for random names,
// SKUs, brands and searches, after random edits: every search way (the word index kept by the
// triggers of migration 0012, the trigram index when a word is in a brand's name) must list
// exactly the visible products the rule matches, in (lower(name), id) order, page by page; and
// with a brand filter, exactly those of the brand.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

/**
 * Pieces of names, SKUs and brands: words sharing letters ("oat", "goat", "oats"), punctuation
 * that splits a token's parts ("bar-ista", "p.2", "a_b", "50%"), and case. No upper-case letter
 * outside ASCII: JavaScript and a database in the C locale fold those differently.
 */
const PIECES = [
  'oat',
  'Oat',
  'OATS',
  'goat',
  'milk',
  'Milk',
  'bar-ista',
  'p.2',
  'a_b',
  '50%',
  'é',
  'x',
  'ta',
];
/** Whitespace between pieces: JavaScript's split knows the no-break space; the index's does not. */
const GAPS = [' ', ' ', '  ', '\t', '\u00a0', ''];

const textArbitrary = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...GAPS)), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([piece, gap]) => piece + gap).join(''))
  .filter((text) => text.trim() !== '');

const productArbitrary = fc.record({
  name: textArbitrary,
  sku: fc.constantFrom('OAT-', 'milk.', 'P', 'ta_', 'x%'),
  brand: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
  isArchived: fc.boolean(),
  isHidden: fc.boolean(),
});

/** An edit made after the products are written, so the triggers' update and delete run too. */
const editArbitrary = fc.record({
  product: fc.nat(),
  change: fc.oneof(
    fc.record({ name: textArbitrary }),
    fc.record({ sku: fc.constantFrom('OAT-', 'goat.', 'Q') }),
    fc.record({ isArchived: fc.boolean() }),
    fc.constant('delete' as const),
  ),
});

const worldArbitrary = fc.record({
  // Mostly names no search word is in, so most searches take the word index; some share words.
  brands: fc.tuple(
    fc.constantFrom('Dale Farms', 'Northern', 'Goat Co'),
    fc.constantFrom('Summit', 'Bar-Ista Ltd'),
  ),
  products: fc.array(productArbitrary, { minLength: 1, maxLength: 8 }),
  edits: fc.array(editArbitrary, { maxLength: 4 }),
  pageSize: fc.integer({ min: 1, max: 3 }),
  // Whole pieces, pieces' insides ("at", "ilk", "r-i") and several words, in any case.
  search: fc
    .array(
      fc.oneof(
        fc.constantFrom(...PIECES),
        fc.constantFrom('at', 'ilk', 'oa', 'r-i', 'ar-is', '.2', 'a_', 'p', '0%', 'OAT-1', 'zzz'),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((words) => words.join(' ')),
  // One of the two brands' products only, or all.
  brandFilter: fc.option(fc.integer({ min: 0, max: 1 }), { nil: undefined }),
});

type World = typeof worldArbitrary extends fc.Arbitrary<infer W> ? W : never;

async function store(world: World) {
  const { db } = database;
  const merchant = await createOrganisation(db, { kind: 'MERCHANT', title: 'Search Merchant' });
  const merchantId = merchant.id;
  const brandRows = await db
    .insert(brands)
    .values(world.brands.map((name, i) => ({ merchantId, name: `${name} ${i}` })))
    .returning();
  const [group] = await db.insert(visibilityGroups).values({ merchantId, name: 'Hidden' }).returning();
  const rows = await db
    .insert(products)
    .values(
      world.products.map((spec, i) => ({
        merchantId,
        name: spec.name,
        sku: `${spec.sku}${i}`,
        basePriceCents: 100,
        brandId: spec.brand === null ? null : brandRows[spec.brand]!.id,
        archivedAt: spec.isArchived ? new Date() : null,
      })),
    )
    .returning();
  const hidden = rows.filter((_, i) => world.products[i]!.isHidden);
  if (hidden.length > 0) {
    await db
      .insert(visibilityGroupProducts)
      .values(hidden.map((row) => ({ merchantId, groupId: group!.id, productId: row.id })));
  }
  for (const [i, edit] of world.edits.entries()) {
    const row = rows[edit.product % rows.length]!;
    if (edit.change === 'delete') {
      await db.delete(visibilityGroupProducts).where(eq(visibilityGroupProducts.productId, row.id));
      await db.delete(products).where(eq(products.id, row.id));
    } else if ('name' in edit.change) {
      await db.update(products).set({ name: edit.change.name }).where(eq(products.id, row.id));
    } else if ('sku' in edit.change) {
      await db
        .update(products)
        .set({ sku: `${edit.change.sku}${rows.length + i}` })
        .where(eq(products.id, row.id));
    } else {
      const archivedAt = edit.change.isArchived ? new Date() : null;
      await db.update(products).set({ archivedAt }).where(eq(products.id, row.id));
    }
  }
  const organisation = await createOrganisation(db, {
    kind: 'CUSTOMER',
    title: 'Customer',
    slug: `c-${randomUUID()}`,
  });
  const [account] = await db
    .insert(customerAccounts)
    .values({ merchantId, customerOrganisationId: organisation.id })
    .returning();
  return {
    viewer: { merchantId, customerAccountId: account!.id },
    ids: rows.map((row) => row.id),
    hiddenIds: new Set(hidden.map((row) => row.id)),
    brandIds: brandRows.map((row) => row.id),
  };
}

/**
 * What the contract's rules say a search of the products as they are now should list: to the
 * customer, or (`isMerchant`) in the merchant's list of active products, hidden ones too.
 */
async function expectedMatches(
  stored: Awaited<ReturnType<typeof store>>,
  search: string,
  options: { isMerchant?: boolean; brandId?: string } = {},
) {
  const { db } = database;
  const now = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      archivedAt: products.archivedAt,
      brandName: brands.name,
      brandId: products.brandId,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, stored.ids));
  return now
    .filter((p) => p.archivedAt === null && (options.isMerchant || !stored.hiddenIds.has(p.id)))
    .filter((p) => matchesSearchWords({ name: p.name, sku: p.sku, brandName: p.brandName }, search))
    .filter((p) => options.brandId === undefined || p.brandId === options.brandId)
    .sort((a, b) => {
      // The database's lower-casing, as the keyset's: the same as JavaScript's for these pieces.
      const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return x === y ? (a.id < b.id ? -1 : 1) : x < y ? -1 : 1;
    })
    .map((p) => p.id);
}

async function listEverything(options: {
  viewer: { merchantId: string; customerAccountId: string };
  pageSize: number;
  search: string;
  brandId?: string;
}) {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listCataloguePage(database.db, { ...options, limit: options.pageSize, cursor });
    seen.push(...page.items.map((item) => item.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return seen;
}

/** Every page of the merchant's list of active products matching `search`, either way round. */
async function listMerchantEverything(options: {
  merchantId: string;
  pageSize: number;
  search: string;
  direction: 'asc' | 'desc';
}) {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listProductRows(database.db, {
      merchantId: options.merchantId,
      limit: options.pageSize,
      cursor,
      filters: { search: options.search, status: 'active' },
      direction: options.direction,
    });
    seen.push(...page.rows.map((row) => row.product.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return seen;
}

describe('catalogue search SQL', () => {
  it('lists exactly what the word rule matches, for random names, SKUs, brands, edits and searches', async () => {
    await fc.assert(
      fc.asyncProperty(worldArbitrary, async (world) => {
        const stored = await store(world);
        const brandId = world.brandFilter === undefined ? undefined : stored.brandIds[world.brandFilter];
        const listed = await listEverything({
          viewer: stored.viewer,
          pageSize: world.pageSize,
          search: world.search,
          brandId,
        });
        expect(listed).toEqual(await expectedMatches(stored, world.search, { brandId }));
        // The merchant's list searches the same way, either way round.
        const forMerchant = await expectedMatches(stored, world.search, { isMerchant: true });
        const list = { merchantId: stored.viewer.merchantId, pageSize: world.pageSize, search: world.search };
        expect(await listMerchantEverything({ ...list, direction: 'asc' })).toEqual(forMerchant);
        expect(await listMerchantEverything({ ...list, direction: 'desc' })).toEqual(
          forMerchant.toReversed(),
        );
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('finds a word held by more terms than a walk merges, the trigram way', async () => {
    const { db } = database;
    const merchant = await createOrganisation(db, { kind: 'MERCHANT', title: 'Many SKUs' });
    const merchantId = merchant.id;
    const count = MAX_WALKED_TERMS + 4;
    await db.insert(products).values(
      Array.from({ length: count }, (_, i) => ({
        merchantId,
        name: `Oat drink ${count - i}`,
        sku: `OAT-1${i}`,
        basePriceCents: 100,
      })),
    );
    const organisation = await createOrganisation(db, { kind: 'CUSTOMER', slug: `c-${randomUUID()}` });
    const [account] = await db
      .insert(customerAccounts)
      .values({ merchantId, customerOrganisationId: organisation.id })
      .returning();
    const viewer = { merchantId, customerAccountId: account!.id };
    // "t-1" is in every SKU, each a term of its own ("oat-10", "oat-11"…).
    const names = async (search: string) => {
      const ids = await listEverything({ viewer, pageSize: 7, search });
      const rows = await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, ids));
      return ids.map((id) => rows.find((row) => row.id === id)!.name);
    };
    const expected = Array.from({ length: count }, (_, i) => `Oat drink ${i + 1}`).sort((a, b) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : 1,
    );
    expect(await names('t-1')).toEqual(expected);
    expect(await names('DRINK t-1')).toEqual(expected);
    expect(await names('oat-15')).toEqual([`Oat drink ${count - 5}`]);
    expect(await names('drink zzz')).toEqual([]);
  });
});
