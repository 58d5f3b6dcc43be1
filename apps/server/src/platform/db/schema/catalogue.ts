import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { organisations } from './organisations.ts';

const merchantId = () =>
  uuid()
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });

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
  (t) => [uniqueIndex('brands_merchant_name_key').on(t.merchantId, sql`lower(${t.name})`)],
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
  (t) => [uniqueIndex('suppliers_merchant_name_key').on(t.merchantId, sql`lower(${t.name})`)],
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
  (t) => [uniqueIndex('units_of_measure_merchant_name_key').on(t.merchantId, sql`lower(${t.name})`)],
);

/** Categories nest one level: a top-level category may have sub-categories, which may not. */
export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    parentId: uuid().references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [
    // Unique among siblings; coalesce so two top-level categories also clash.
    uniqueIndex('categories_merchant_parent_name_key').on(
      t.merchantId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    index('categories_parent_idx').on(t.parentId),
  ],
);
