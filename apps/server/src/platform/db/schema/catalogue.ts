import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { merchantId, merchantKey, merchantReference, uniqueNamePerMerchant } from './merchant-columns.ts';

// A merchant's catalogue vocabulary. Names are unique per merchant regardless of case, so
// "Bega" and "bega" cannot both exist.

export const brands = pgTable(
  'brands',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueNamePerMerchant('brands_merchant_name_key', t), merchantKey('brands', t)],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    name: text().notNull(),
    contactEmail: text(),
    phone: text(),
    ...timestamps,
  },
  (t) => [uniqueNamePerMerchant('suppliers_merchant_name_key', t), merchantKey('suppliers', t)],
);

export const unitsOfMeasure = pgTable(
  'units_of_measure',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    /** e.g. "Carton", shown on screens. */
    name: text().notNull(),
    /** e.g. "ctn", shown beside quantities. */
    abbreviation: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueNamePerMerchant('units_of_measure_merchant_name_key', t), merchantKey('units_of_measure', t)],
);

/** Categories nest one level: a top-level category may have sub-categories, which may not. */
export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    parentId: uuid(),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [
    // Unique among siblings; coalesce so two top-level categories also clash.
    uniqueNamePerMerchant(
      'categories_merchant_parent_name_key',
      t,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('categories_parent_idx').on(t.parentId),
    merchantKey('categories', t),
    merchantReference({
      name: 'categories_parent_fk',
      columns: [t.merchantId, t.parentId],
      parent: t,
      onDelete: 'restrict',
    }),
  ],
);
