import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands, categories, suppliers, unitsOfMeasure } from './catalogue.ts';
import { instant, timestamps } from './columns.ts';
import { merchantId, merchantKey, merchantReference } from './merchant-columns.ts';

/**
 * A merchant's product. Money is integer cents, ex-GST. Archived products (archived_at set) stay
 * for history and for the orders that name them; customers never see them.
 */
export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    name: text().notNull(),
    sku: text().notNull(),
    description: text(),
    // Each the merchant's own (merchantReference below). Restrict, not set null: the API refuses
    // to delete vocabulary in use, with the count, and the database backs that up against a race.
    brandId: uuid(),
    supplierId: uuid(),
    categoryId: uuid(),
    unitOfMeasureId: uuid(),
    basePriceCents: bigint({ mode: 'number' }).notNull(),
    costCents: bigint({ mode: 'number' }),
    isGstApplicable: boolean().notNull().default(true),
    minOrderQuantity: integer().notNull().default(1),
    packSize: integer().notNull().default(1),
    barcode: text(),
    image: text(),
    archivedAt: instant(),
    /** Optimistic-concurrency counter: a stale edit gets 409. */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_merchant_sku_key').on(t.merchantId, sql`lower(${t.sku})`),
    // Keyset order of every list: (lower(name), id) within a merchant.
    index('products_merchant_name_idx').on(t.merchantId, sql`lower(${t.name})`, t.id),
    // The customer catalogue lists active products only. Name, SKU and brand ride along (after
    // the unique id, so they never change the order) for a search's walk in name order to test
    // each product's words from the index alone (an index-only scan, once vacuumed).
    index('products_merchant_active_name_idx')
      .on(t.merchantId, sql`lower(${t.name})`, t.id, t.name, t.sku, t.brandId)
      .where(sql`${t.archivedAt} is null`),
    // The list's other sorts, each a keyset on (key, id) within a merchant, walked either way.
    index('products_merchant_sku_order_idx').on(t.merchantId, sql`lower(${t.sku})`, t.id),
    index('products_merchant_price_idx').on(t.merchantId, t.basePriceCents, t.id),
    index('products_merchant_updated_idx').on(t.merchantId, t.updatedAt, t.id),
    // Trigram search over name and SKU together. GIN answers "contains" filters (the word rule:
    // lists, catalogue, export), led by merchant_id (btree_gin) so the candidates are one
    // merchant's; GiST answers "nearest first" (pickers) by walking the index in distance order,
    // so a picker reads about as many rows as it returns however many products match. Two
    // spellings of one text, so that each query finds only its own index (product-search.queries).
    index('products_merchant_search_idx').using(
      'gin',
      t.merchantId,
      sql`(lower(${t.name}) || ' ' || lower(${t.sku})) gin_trgm_ops`,
    ),
    index('products_search_gist_idx').using('gist', sql`lower(${t.name} || ' ' || ${t.sku}) gist_trgm_ops`),
    // Leads with brand_id for the delete guard's count; ordered by name for a brand's products.
    index('products_brand_idx').on(t.brandId, sql`lower(${t.name})`, t.id),
    index('products_supplier_idx').on(t.supplierId),
    index('products_category_idx').on(t.categoryId),
    index('products_unit_of_measure_idx').on(t.unitOfMeasureId),
    merchantKey('products', t),
    merchantReference({
      name: 'products_brand_fk',
      columns: [t.merchantId, t.brandId],
      parent: brands,
      onDelete: 'restrict',
    }),
    merchantReference({
      name: 'products_supplier_fk',
      columns: [t.merchantId, t.supplierId],
      parent: suppliers,
      onDelete: 'restrict',
    }),
    merchantReference({
      name: 'products_category_fk',
      columns: [t.merchantId, t.categoryId],
      parent: categories,
      onDelete: 'restrict',
    }),
    merchantReference({
      name: 'products_unit_of_measure_fk',
      columns: [t.merchantId, t.unitOfMeasureId],
      parent: unitsOfMeasure,
      onDelete: 'restrict',
    }),
  ],
);
