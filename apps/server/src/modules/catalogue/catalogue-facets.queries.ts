import { type CatalogueFacets, MAX_CATALOGUE_FACETS } from '@tradeport/contract';
import { and, asc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { preparedOnce } from '../../platform/db/prepared-once.ts';
import { brands, categories, products } from '../../platform/db/schema/index.ts';
import type { CatalogueViewer } from './catalogue-viewer.ts';
import { visibleToCustomerAccount } from './catalogue-visibility.queries.ts';

// What a customer can filter the catalogue by: the categories and brands with a product it can
// see. Each is the merchant's own list (a few hundred rows at most) walked with one probe per
// entry: does any of its products pass the visibility rule? The probe reads that entry's products
// by products_category_idx / products_brand_idx and stops at the first visible one, so the cost
// follows the size of the lists, not of the catalogue.

const viewer = {
  merchantId: sql.placeholder('merchantId'),
  customerAccountId: sql.placeholder('customerAccountId'),
};

/** One more than the most listed, to tell a full list from a cut one. */
const FETCHED = MAX_CATALOGUE_FACETS + 1;

/** Some product of the merchant with `column` = `id` that the viewer may see. */
function hasVisibleProduct(db: Db, column: AnyPgColumn, id: AnyPgColumn): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(products)
      .where(
        and(
          eq(column, id),
          eq(products.merchantId, viewer.merchantId),
          // A per-row probe of the visibility tables for the few products read, never a hash of
          // all of them (see visibleToCustomerAccount).
          visibleToCustomerAccount(viewer.customerAccountId, { isWalkingInOrder: true }),
        ),
      ),
  );
}

/**
 * The categories holding a visible product, and their parents (categories nest one level, and a
 * top-level category filters its sub-categories too): one statement, by name.
 */
function prepareCategories(db: Db, name: string) {
  const holding = db.$with('holding').as(
    db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(
        and(
          eq(categories.merchantId, viewer.merchantId),
          hasVisibleProduct(db, products.categoryId, categories.id),
        ),
      ),
  );
  return db
    .with(holding)
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(
      and(
        eq(categories.merchantId, viewer.merchantId),
        or(
          inArray(categories.id, db.select({ id: holding.id }).from(holding)),
          inArray(categories.id, db.select({ id: holding.parentId }).from(holding)),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id))
    .limit(FETCHED)
    .prepare(name);
}

/** The brands of a visible product, by name: brands_merchant_name_key walked in order. */
function prepareBrands(db: Db, name: string) {
  return db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(eq(brands.merchantId, viewer.merchantId), hasVisibleProduct(db, products.brandId, brands.id)))
    .orderBy(asc(sql`lower(${brands.name})`), asc(brands.id))
    .limit(FETCHED)
    .prepare(name);
}

/** The categories and brands the viewer can filter its catalogue by: two statements, in parallel. */
export async function listCatalogueFacets(
  db: Db,
  options: { viewer: CatalogueViewer },
): Promise<CatalogueFacets> {
  const values = options.viewer;
  const [categoryRows, brandRows] = await Promise.all([
    preparedOnce(db, 'catalogue_facet_categories', (name) => prepareCategories(db, name)).execute(values),
    preparedOnce(db, 'catalogue_facet_brands', (name) => prepareBrands(db, name)).execute(values),
  ]);
  return {
    categories: categoryRows
      .slice(0, MAX_CATALOGUE_FACETS)
      .map((row) => ({ id: row.id, name: row.name, parent_id: row.parentId })),
    brands: brandRows.slice(0, MAX_CATALOGUE_FACETS),
    is_truncated: categoryRows.length > MAX_CATALOGUE_FACETS || brandRows.length > MAX_CATALOGUE_FACETS,
  };
}
