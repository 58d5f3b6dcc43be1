import { type CatalogueProduct, resolveUnitPrice, searchWords } from '@tradeport/contract';
import { and, asc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import {
  brands,
  categories,
  customerAccounts,
  products,
  tierPrices,
  unitsOfMeasure,
} from '../../platform/db/schema/index.ts';
import { afterCursor, decodeCursor } from '../../platform/db/keyset-cursor.ts';
import { toPage } from '../product-groups/listing.queries.ts';
import { hasTrigramWord, productMatchesSearch } from '../products/product-search.queries.ts';
import {
  planPostingsSearch,
  searchPatterns,
  selectPostingsMatches,
  walkSlots,
} from '../products/product-search-postings.queries.ts';
import type { CatalogueViewer } from './catalogue-viewer.ts';
import { groupsLetSee, visibleToCustomerAccount } from './catalogue-visibility.queries.ts';
import { limitStep, literalLimit } from '../../platform/db/statement-caching-client.ts';
import { shortWalks } from './short-walks.ts';
import { selectVisibleMatches, selectWalkedMatches, sortKey } from './catalogue-trigram-pages.queries.ts';
import { inCategory, ofBrand } from './catalogue-filters.queries.ts';
import { preparedForAny, preparedOnce } from '../../platform/db/prepared-once.ts';
import { gstRateOfRow, taxRuleRateOf } from '../taxes/tax-rates.queries.ts';

// The catalogue as one customer account sees it. Both reads pick their rows with
// selectVisiblePage, which applies the visibility rule in SQL, and read them with
// selectCatalogue, which takes the account's tier price beside the base price; the price itself
// is resolveUnitPrice's (contract), the one place the price rule lives.

/** The viewer as the SQL names it: its ids, or placeholders in a statement prepared once. */
type ViewerIds = { merchantId: string | Placeholder; customerAccountId: string | Placeholder };

/**
 * The ids of one page of products the viewer may see, in (lower(name), id) order. Only ids and
 * sort keys: however many rows the filter and sort go through, the joins below run for a page.
 */
function selectVisiblePage(
  db: Db,
  options: { viewer: ViewerIds; conditions: (SQL | undefined)[]; limit: number },
) {
  const { merchantId, customerAccountId } = options.viewer;
  return db
    .select({ id: products.id, sortKey: sortKey.as('sort_key') })
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchantId),
        visibleToCustomerAccount(customerAccountId, { isWalkingInOrder: true }),
        ...options.conditions,
      ),
    )
    .orderBy(asc(sortKey), asc(products.id))
    .limit(literalLimit(options.limit))
    .as('page');
}

/** A page's ids and sort keys, however they were found. */
type PageOfIds = ReturnType<typeof selectVisiblePage> | ReturnType<typeof selectPostingsMatches>;

/**
 * A page of products with what a customer sees of them, the account's tier price, and what its
 * GST rate is decided from (the product's tax rule rate and whether the account is tax-exempt).
 */
function selectCatalogue(db: Db, options: { viewer: ViewerIds; page: PageOfIds }) {
  const { merchantId, customerAccountId } = options.viewer;
  const { page } = options;
  // Each evaluated once per query (an InitPlan), not per row: the account's tier, if any, and
  // its tax exemption.
  const ofAccount = (column: AnyPgColumn) => sql`(
    select ${column} from ${customerAccounts}
    where ${customerAccounts.id} = ${customerAccountId} and ${customerAccounts.merchantId} = ${merchantId}
  )`;
  const accountTierId = ofAccount(customerAccounts.pricingTierId);
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      description: products.description,
      image: products.image,
      basePriceCents: products.basePriceCents,
      isGstApplicable: products.isGstApplicable,
      minOrderQuantity: products.minOrderQuantity,
      packSize: products.packSize,
      brandName: brands.name,
      category: { id: categories.id, name: categories.name },
      unitOfMeasure: { name: unitsOfMeasure.name, abbreviation: unitsOfMeasure.abbreviation },
      tierPriceCents: tierPrices.priceCents,
      ruleRate: taxRuleRateOf({ merchantId }),
      isTaxExempt: sql<boolean>`${ofAccount(customerAccounts.isTaxExempt)}`,
      sortKey: page.sortKey,
    })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, products.unitOfMeasureId))
    .leftJoin(tierPrices, and(eq(tierPrices.tierId, accountTierId), eq(tierPrices.productId, products.id)))
    .orderBy(asc(page.sortKey), asc(page.id));
}

type CatalogueRow = Awaited<ReturnType<typeof selectCatalogue>>[number];

function toCatalogueProduct(row: CatalogueRow): CatalogueProduct {
  const basePriceCents = Number(row.basePriceCents);
  const tierPriceCents = row.tierPriceCents === null ? null : Number(row.tierPriceCents);
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    description: row.description,
    brand_name: row.brandName,
    category: row.category,
    unit_of_measure: row.unitOfMeasure,
    image: row.image,
    price_cents: resolveUnitPrice({ basePriceCents, tierPriceCents }),
    base_price_cents: basePriceCents,
    is_tier_price: tierPriceCents !== null,
    is_gst_applicable: row.isGstApplicable,
    gst_rate_basis_points: gstRateOfRow(row, row.isTaxExempt),
    min_order_quantity: row.minOrderQuantity,
    pack_size: row.packSize,
  };
}

const browsing = {
  merchantId: sql.placeholder('merchantId'),
  customerAccountId: sql.placeholder('customerAccountId'),
  afterName: sql.placeholder('afterName'),
  afterId: sql.placeholder('afterId'),
};

function prepareBrowse(db: Db, options: { limit: number; isAfterCursor: boolean }, name: string) {
  const viewer = { merchantId: browsing.merchantId, customerAccountId: browsing.customerAccountId };
  const after = sql`(${sortKey}, ${products.id}) > (${browsing.afterName}, ${browsing.afterId}::uuid)`;
  const page = selectVisiblePage(db, {
    viewer,
    limit: options.limit,
    conditions: [options.isAfterCursor ? after : undefined],
  });
  return selectCatalogue(db, { viewer, page }).prepare(name);
}

/**
 * A search's page from the word index (selectPostingsMatches), prepared once per shape: the
 * walk's term slots, the number of words, cursor or not, category or not, brand or not, and page
 * size.
 */
function preparePostingsPage(
  db: Db,
  shape: {
    slots: number;
    alsoSlots: number;
    words: number;
    isAfterCursor: boolean;
    hasCategory: boolean;
    hasBrand: boolean;
    limit: number;
  },
  name: string,
) {
  const viewer = { merchantId: browsing.merchantId, customerAccountId: browsing.customerAccountId };
  const page = selectPostingsMatches(db, {
    merchantId: viewer.merchantId,
    patterns: Array.from({ length: shape.words }, (_, i) => sql.placeholder(`word${i}`)),
    terms: sql.placeholder('terms'),
    slots: shape.slots,
    alsoTerms: sql.placeholder('alsoTerms'),
    alsoSlots: shape.alsoSlots,
    after: shape.isAfterCursor ? { name: browsing.afterName, id: browsing.afterId } : undefined,
    conditions: [
      groupsLetSee(viewer.customerAccountId, { productId: sql`${products.id}`, isPerRow: true }),
      shape.hasCategory
        ? inCategory(db, { merchantId: viewer.merchantId, categoryId: sql.placeholder('categoryId') })
        : undefined,
      shape.hasBrand ? ofBrand(sql.placeholder('brandId')) : undefined,
    ],
    limit: shape.limit,
  });
  return selectCatalogue(db, { viewer, page }).prepare(name);
}

/**
 * A page without search, category or brand: the same statement as the general path, written and
 * prepared once (per page size, with and without a cursor) rather than built on every request.
 */
async function browse(db: Db, options: { viewer: CatalogueViewer; limit: number; cursor?: string }) {
  const shape = { limit: options.limit, isAfterCursor: options.cursor !== undefined };
  const name = `catalogue_browse_${shape.isAfterCursor ? 'after_' : ''}${shape.limit}`;
  const statement = preparedOnce(db, name, (name) => prepareBrowse(db, shape, name));
  const after = options.cursor ? decodeCursor(options.cursor, { name: 'text', id: 'uuid' }) : undefined;
  return statement.execute({ ...options.viewer, afterName: after?.name, afterId: after?.id });
}

/**
 * One page in name order, keyset on (lower(name), id).
 *
 * Without a search, PostgreSQL walks products_merchant_active_name_idx and stops after a page: the
 * same cost at row 25 and row 90,000. The search is the word rule (productMatchesSearch: every
 * word in the name, SKU or brand). Words of two letters have no trigram to look up and match
 * often, so those searches walk the same way. With a word of a trigram or more, the search walks
 * the word index instead (planPostingsSearch, selectPostingsMatches: the postings of the rarest
 * word's terms, already in name order), checking each product found and stopping after a page:
 * about the cost of browsing, for a common word and a rare one alike. Searches the index cannot
 * answer (a word in one of the merchant's brand names, or only words held by too many terms) go
 * the trigram way: a walk in name order bounded to WALKED_ROWS products (selectWalkedMatches),
 * which a common word fills; else the matches from the merchant's trigram index, sorted
 * (selectVisibleMatches). All answer the same rows. A first page whose bounded walk came back
 * short goes straight to the trigram index for a while (shortWalks). A category or brand is one
 * more condition on each of those ways.
 */
export async function listCataloguePage(
  db: Db,
  options: {
    viewer: CatalogueViewer;
    limit: number;
    cursor?: string;
    search?: string;
    categoryId?: string;
    brandId?: string;
  },
) {
  const { viewer } = options;
  const match = productMatchesSearch({ merchantId: viewer.merchantId, search: options.search });
  const category = options.categoryId
    ? inCategory(db, { merchantId: viewer.merchantId, categoryId: options.categoryId })
    : undefined;
  const brand = options.brandId ? ofBrand(options.brandId) : undefined;
  const conditions = [category, brand, afterCursor({ cursor: options.cursor, sortKey, id: products.id })];
  const limit = options.limit + 1;
  const pageOf = (rows: CatalogueRow[]) =>
    toPage({
      rows,
      limit: options.limit,
      keyOf: (row) => ({ name: row.sortKey, id: row.id }),
      toItem: toCatalogueProduct,
    });
  if (!match && !options.categoryId && !options.brandId)
    return pageOf(await browse(db, { viewer, limit, cursor: options.cursor }));
  if (!match || !hasTrigramWord(options.search)) {
    const page = selectVisiblePage(db, { viewer, limit, conditions: [match, ...conditions] });
    return pageOf(await selectCatalogue(db, { viewer, page }));
  }
  const plan = await planPostingsSearch(db, { merchantId: viewer.merchantId, search: options.search! });
  if (plan.kind === 'empty') return pageOf([]);
  if (plan.kind === 'walk') {
    const after = options.cursor ? decodeCursor(options.cursor, { name: 'text', id: 'uuid' }) : undefined;
    const patterns = searchPatterns(options.search!);
    const shape = {
      ...walkSlots(plan),
      words: patterns.length,
      isAfterCursor: after !== undefined,
      hasCategory: options.categoryId !== undefined,
      hasBrand: options.brandId !== undefined,
      limit,
    };
    const name = `catalogue_postings_${shape.slots}_${shape.alsoSlots}_${shape.words}_${shape.isAfterCursor ? 'after_' : ''}${shape.hasCategory ? 'category_' : ''}${shape.hasBrand ? 'brand_' : ''}${limit}`;
    const statement = preparedOnce(db, name, (name) => preparePostingsPage(db, shape, name));
    const values: Record<string, unknown> = {
      ...viewer,
      terms: plan.terms,
      alsoTerms: plan.alsoTerms,
      afterName: after?.name,
      afterId: after?.id,
      categoryId: options.categoryId,
      brandId: options.brandId,
    };
    patterns.forEach((pattern, i) => (values[`word${i}`] = pattern));
    return pageOf(await statement.execute(values));
  }
  const walkKey = options.cursor
    ? undefined
    : [
        viewer.merchantId,
        options.categoryId ?? '',
        options.brandId ?? '',
        ...searchWords(options.search!.toLowerCase()),
      ].join(' ');
  if (!walkKey || !shortWalks.isRemembered(walkKey)) {
    const walked = await selectCatalogue(db, {
      viewer,
      page: selectWalkedMatches(db, { viewer, limit, match, conditions }),
    });
    if (walked.length >= limit) return pageOf(walked);
    if (walkKey) shortWalks.remember(walkKey);
  }
  const page = selectVisibleMatches(db, { viewer, limit, conditions: [match, ...conditions] });
  return pageOf(await selectCatalogue(db, { viewer, page }));
}

/**
 * One product as the customer account sees it, or undefined when it does not exist, is another
 * merchant's, is archived or is hidden from the account — indistinguishable on purpose. A cart
 * checks a product through this before adding it, and prices it from the answer.
 */
export async function findVisibleProductForCustomer(
  db: Db,
  options: { merchantId: string; customerAccountId: string; productId: string },
): Promise<CatalogueProduct | undefined> {
  const { productId, ...viewer } = options;
  return (await findVisibleProductsForCustomer(db, { ...viewer, productIds: [productId] })).get(productId);
}

/**
 * findVisibleProductForCustomer for many ids in one query: the products among `productIds` the
 * account may see, by id, each at its price. An id missing from the answer is hidden, archived,
 * another merchant's or does not exist. A cart is priced through this.
 */
export async function findVisibleProductsForCustomer(
  db: Db,
  options: { merchantId: string; customerAccountId: string; productIds: readonly string[] },
): Promise<Map<string, CatalogueProduct>> {
  const { productIds, ...viewer } = options;
  if (productIds.length === 0) return new Map();
  // Built once per limit step (placing reads this in its transaction, where preparedOnce would
  // build it every time), with the ids as one array parameter.
  const limit = limitStep(productIds.length);
  const statement = preparedForAny(db, `catalogue_products_by_ids_${limit}`, (db, name) => {
    const ids = {
      merchantId: sql.placeholder('merchantId'),
      customerAccountId: sql.placeholder('customerAccountId'),
    };
    const page = selectVisiblePage(db, {
      viewer: ids,
      limit,
      conditions: [sql`${products.id} = any(${sql.placeholder('productIds')}::uuid[])`],
    });
    return selectCatalogue(db, { viewer: ids, page }).prepare(name);
  });
  // Padded to the step with repeats of an id (which `= any` ignores): PostgreSQL keeps re-planning
  // a named statement (~1 ms a run) while the custom plans it has made cost less than the generic
  // one, and a cart of 3 ids costs less than the generic plan's guess of 10. Always `limit` ids, a
  // custom plan never looks cheaper, and after five runs each connection keeps the generic plan.
  const padded = Array.from({ length: limit }, (_, index) => productIds[index] ?? productIds[0]!);
  const rows = await statement.execute({ ...viewer, productIds: padded });
  return new Map(rows.map((row) => [row.id, toCatalogueProduct(row)]));
}
