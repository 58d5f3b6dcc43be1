import { type Product, type ProductFilters, type ProductStatus, searchWords } from '@tradeport/contract';
import { and, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import {
  brands,
  categories,
  products,
  suppliers,
  tierPrices,
  unitsOfMeasure,
  visibilityGroupProducts,
} from '../../platform/db/schema/index.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { isoInstant } from '../../platform/db/iso-instant.ts';
import {
  hasTrigramWord,
  productMatchesSearch,
  productNearestText,
  TRIGRAM_LENGTH,
} from './product-search.queries.ts';

// Reads of a merchant's products. Every query names the merchant: another merchant's product is
// simply not found.

const parentCategories = alias(categories, 'parent_category');

const nameSortKey = sql<string>`lower(${products.name})`;

// Only what a product's response shows (no keys the joins already name), its instants as text.
const productSelection = {
  product: {
    id: products.id,
    name: products.name,
    sku: products.sku,
    description: products.description,
    basePriceCents: products.basePriceCents,
    costCents: products.costCents,
    isGstApplicable: products.isGstApplicable,
    isActive: sql<boolean>`${products.archivedAt} is null`,
    minOrderQuantity: products.minOrderQuantity,
    packSize: products.packSize,
    barcode: products.barcode,
    image: products.image,
    version: products.version,
    createdAt: isoInstant(products.createdAt),
    updatedAt: isoInstant(products.updatedAt),
  },
  brand: { id: brands.id, name: brands.name },
  supplier: { id: suppliers.id, name: suppliers.name },
  category: { id: categories.id, name: categories.name },
  /** For the export, which writes a sub-category as "Parent > Sub-category". */
  categoryParentName: parentCategories.name,
  unit: { id: unitsOfMeasure.id, name: unitsOfMeasure.name, abbreviation: unitsOfMeasure.abbreviation },
};

/**
 * Products with their names for brand, supplier, category and unit. `sortKey` is the keyset's key
 * as the database writes it (JS lower-casing differs for some letters): the name unless a list
 * sorts by another column.
 */
export function selectProducts(db: Db, sortKey: SQL<string> = nameSortKey) {
  return db
    .select({ ...productSelection, sortKey })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(parentCategories, eq(parentCategories.id, categories.parentId))
    .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, products.unitOfMeasureId));
}

export type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

export function toProduct(row: ProductRow): Product {
  const { product } = row;
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    description: product.description,
    brand: row.brand,
    supplier: row.supplier,
    category: row.category,
    unit_of_measure: row.unit,
    base_price_cents: product.basePriceCents,
    cost_cents: product.costCents,
    is_gst_applicable: product.isGstApplicable,
    is_active: product.isActive,
    min_order_quantity: product.minOrderQuantity,
    pack_size: product.packSize,
    barcode: product.barcode,
    image: product.image,
    version: product.version,
    created_at: product.createdAt,
    updated_at: product.updatedAt,
  };
}

export const statusCondition = (status: ProductStatus) =>
  status === 'active'
    ? isNull(products.archivedAt)
    : status === 'archived'
      ? isNotNull(products.archivedAt)
      : undefined;

export type Filters = z.output<typeof ProductFilters>;

/** The conditions of the list's filters (and of "every product matching"): one statement of them. */
export function productFilterConditions(merchantId: string, filters: Filters): (SQL | undefined)[] {
  return [
    eq(products.merchantId, merchantId),
    statusCondition(filters.status),
    filters.brand_id ? eq(products.brandId, filters.brand_id) : undefined,
    filters.supplier_id ? eq(products.supplierId, filters.supplier_id) : undefined,
    filters.category_id ? eq(products.categoryId, filters.category_id) : undefined,
    // Every word in the name, SKU or brand (the word rule); ILIKE folds case the database's way.
    productMatchesSearch({ merchantId, search: filters.search }),
  ];
}

/** The merchant's product as the API shows it; undefined for another merchant's or a missing id. */
export async function findProduct(db: Db, options: { merchantId: string; id: string }) {
  const [row] = await selectProducts(db).where(
    and(eq(products.merchantId, options.merchantId), eq(products.id, options.id)),
  );
  return row ? toProduct(row) : undefined;
}

/** Of the given ids, those that are this merchant's products. */
export async function listOwnedProductIds(db: Db, options: { merchantId: string; ids: readonly string[] }) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, options.merchantId), inArray(products.id, [...options.ids])));
  return new Set(rows.map((row) => row.id));
}

/**
 * By the word rule, for a term of several words or of two letters. Without a word of a trigram
 * or more (two letters match a large share of any range), walking products_merchant_name_idx in
 * order finds a page of matches within a few dozen rows. With one, the trigram index finds the
 * products holding every word (few: the words narrow each other) and they are ranked by how
 * close the whole text is to the term (similarity() is no index operator, so the planner does
 * not walk the GiST index in distance order through products that miss a word).
 */
function wordSearch(options: { merchantId: string; q: string; status: SQL; limit: number }) {
  const { merchantId, q } = options;
  const order = hasTrigramWord(q)
    ? sql`similarity(${productNearestText}, lower(${q})) desc, lower(${products.name}), ${products.id}`
    : sql`lower(${products.name}), ${products.id}`;
  return sql`
    select ${products.id} as id, ${products.name} as name, ${products.sku} as sku, ${brands.name} as brand_name,
      ${products.basePriceCents} as base_price_cents, ${products.archivedAt} is null as is_active,
      ${products.image} as image
    from ${products}
    left join ${brands} on ${brands.id} = ${products.brandId}
    where ${products.merchantId} = ${merchantId} and ${options.status}
      and ${productMatchesSearch({ merchantId, search: q })}
    order by ${order}
    limit ${sql.raw(String(options.limit))}`;
}

/** Nearest matches read per result wanted; the final order re-ranks them. */
const CANDIDATES_PER_RESULT = 4;
/**
 * A match is a word similarity of at least 0.5 (pg_trgm's default of 0.6 misses a one-letter slip
 * in a short word: "choclate" scores 0.58), or the text containing the term outright.
 */
const MAX_WORD_DISTANCE = 0.5;

export type ProductSearchRow = {
  id: string;
  name: string;
  sku: string;
  brandName: string | null;
  basePriceCents: number;
  isActive: boolean;
  image: string | null;
};

/**
 * The best matches for a picker, best first, reading about as many rows as it returns however
 * many products match. Candidates are the products nearest the term by word similarity, which
 * products_search_gist_idx hands out in distance order ("milk" is a whole word of "Chocolate Milk";
 * a typo is near), plus the first products of the one brand nearest the term. They are then ranked
 * by word similarity, overall similarity (the shorter, closer name first) and name. That is for
 * one word of a trigram or more; several words, or two letters, go by the word rule (wordSearch).
 */
export async function searchProductRows(
  db: Db,
  options: { merchantId: string; q: string; limit: number; status: ProductStatus },
): Promise<ProductSearchRow[]> {
  const { merchantId, limit } = options;
  // Lower-cased by the database, as searchText is: JavaScript folds some letters differently.
  const term = sql`lower(${options.q})`;
  const contains = sql`lower(${containsPattern(options.q)})`;
  const status = statusCondition(options.status) ?? sql`true`;
  const wordDistance = sql`${term} <<-> ${productNearestText}`;
  const result = await db.execute(
    options.q.length < TRIGRAM_LENGTH || searchWords(options.q).length > 1
      ? wordSearch({ merchantId, q: options.q, status, limit })
      : sql`
    with candidates as (
      (select ${products.id} as id, ${wordDistance} as distance, ${term} <-> ${productNearestText} as closeness
        from ${products}
        where ${products.merchantId} = ${merchantId} and ${status}
        order by ${wordDistance}
        limit ${sql.raw(String(limit * CANDIDATES_PER_RESULT))})
      union all
      (select ${products.id}, brand.distance, 1
        from (
          select ${brands.id} as id, ${term} <<-> lower(${brands.name}) as distance from ${brands}
          where ${brands.merchantId} = ${merchantId} order by 2 limit 1
        ) as brand
        join ${products} on ${products.brandId} = brand.id
        where brand.distance <= ${MAX_WORD_DISTANCE} and ${status}
        order by lower(${products.name}), ${products.id}
        limit ${sql.raw(String(limit))})
    )
    select p.id, p.name, p.sku, b.name as brand_name, p.base_price_cents, p.archived_at is null as is_active,
      p.image, min(c.distance) as distance, min(c.closeness) as closeness
    from candidates as c
    join products as p on p.id = c.id
    left join brands as b on b.id = p.brand_id
    where c.distance <= ${MAX_WORD_DISTANCE} or lower(p.name || ' ' || p.sku) like ${contains}
    group by p.id, b.name
    order by distance, closeness, lower(p.name), p.id
    limit ${sql.raw(String(limit))}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    id: row.id as string,
    name: row.name as string,
    sku: row.sku as string,
    brandName: row.brand_name as string | null,
    basePriceCents: Number(row.base_price_cents),
    isActive: row.is_active as boolean,
    image: row.image as string | null,
  }));
}

export type ProductUses = { pricingTiers: number; visibilityGroups: number };

/**
 * What refers to each product, counted per product in one grouped query per table. There is no
 * orders table yet, so orders are not counted here (the API reports 0 orders).
 */
export async function countProductUses(db: Db, productIds: readonly string[]) {
  const ids = [...productIds];
  const uses = new Map<string, ProductUses>(ids.map((id) => [id, { pricingTiers: 0, visibilityGroups: 0 }]));
  if (ids.length === 0) return uses;
  const [tiers, groups] = await Promise.all([
    db
      .select({ productId: tierPrices.productId, count: count() })
      .from(tierPrices)
      .where(inArray(tierPrices.productId, ids))
      .groupBy(tierPrices.productId),
    db
      .select({ productId: visibilityGroupProducts.productId, count: count() })
      .from(visibilityGroupProducts)
      .where(inArray(visibilityGroupProducts.productId, ids))
      .groupBy(visibilityGroupProducts.productId),
  ]);
  for (const row of tiers) uses.get(row.productId)!.pricingTiers = Number(row.count);
  for (const row of groups) uses.get(row.productId)!.visibilityGroups = Number(row.count);
  return uses;
}
