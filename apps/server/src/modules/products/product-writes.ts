import type { ProductInput } from '@tradeport/contract';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { type DatabaseLower, databaseLowerKeys } from '../../platform/db/database-lower.ts';
import {
  FOREIGN_KEY_VIOLATION,
  findDatabaseError,
  uniqueViolation,
} from '../../platform/db/database-errors.ts';
import { products } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

// Writes of many products at once, a few statements per thousand rows whatever the caller (bulk
// calls, the CSV import, a single edit): never one statement per row.

export type ProductColumns = Pick<
  typeof products.$inferInsert,
  | 'name'
  | 'sku'
  | 'description'
  | 'brandId'
  | 'supplierId'
  | 'categoryId'
  | 'unitOfMeasureId'
  | 'basePriceCents'
  | 'costCents'
  | 'isGstApplicable'
  | 'minOrderQuantity'
  | 'packSize'
  | 'barcode'
  | 'image'
  | 'archivedAt'
>;
export type ProductColumn = keyof ProductColumns;

/** Each writable column's SQL type, for the typed VALUES list a batched update reads from. */
const COLUMN_TYPES: Record<ProductColumn, string> = {
  name: 'text',
  sku: 'text',
  description: 'text',
  brandId: 'uuid',
  supplierId: 'uuid',
  categoryId: 'uuid',
  unitOfMeasureId: 'uuid',
  basePriceCents: 'bigint',
  costCents: 'bigint',
  isGstApplicable: 'boolean',
  minOrderQuantity: 'integer',
  packSize: 'integer',
  barcode: 'text',
  image: 'text',
  archivedAt: 'timestamptz',
};

/** A column's name in the database: the schema leaves most to the client's snake_case casing. */
function columnName(column: ProductColumn) {
  const { name, keyAsName } = products[column];
  return sql.identifier(keyAsName ? toSnakeCase(name) : name);
}

/** The columns a product form sets (all but the archived state and the image, resolved apart). */
export function inputToColumns(
  input: z.output<typeof ProductInput>,
): Omit<ProductColumns, 'archivedAt' | 'image'> {
  return {
    name: input.name,
    sku: input.sku,
    description: input.description,
    brandId: input.brand_id,
    supplierId: input.supplier_id,
    categoryId: input.category_id,
    unitOfMeasureId: input.unit_of_measure_id,
    basePriceCents: input.base_price_cents,
    costCents: input.cost_cents,
    isGstApplicable: input.is_gst_applicable,
    minOrderQuantity: input.min_order_quantity,
    packSize: input.pack_size,
    barcode: input.barcode,
  };
}

/** What a product form (and a bulk update) sets: every column but the archived state. */
export const PRODUCT_FORM_COLUMNS: ProductColumn[] = [
  'name',
  'sku',
  'description',
  'brandId',
  'supplierId',
  'categoryId',
  'unitOfMeasureId',
  'basePriceCents',
  'costCents',
  'isGstApplicable',
  'minOrderQuantity',
  'packSize',
  'barcode',
  'image',
];

/** Optimistic concurrency: every change to a product moves its version on. */
export const nextVersion = sql`${products.version} + 1`;

/** Rows per statement: ~17 parameters each keeps a statement well under PostgreSQL's 65,535. */
const CHUNK = 1_000;

function* chunks<T>(items: readonly T[], size = CHUNK) {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** New products, stamped with the app's clock (as their later edits are). */
export async function insertProducts(
  db: Db,
  options: { merchantId: string; rows: ProductColumns[]; now: Date },
): Promise<string[]> {
  const ids: string[] = [];
  for (const chunk of chunks(options.rows)) {
    const inserted = await db
      .insert(products)
      .values(
        chunk.map((row) => ({
          ...row,
          merchantId: options.merchantId,
          createdAt: options.now,
          updatedAt: options.now,
        })),
      )
      .returning({ id: products.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

const valueOf = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * Sets `columns` of many products from one typed VALUES list per chunk, bumping each version.
 * With `version` on a row, only that version is changed (a stale row is left out of the answer);
 * with `isSkippingUnchanged`, a row whose values are all the same is left alone, so re-importing
 * an unchanged file does not make every open editor stale. Answers the ids it changed.
 */
export async function updateProducts(
  db: Db,
  options: {
    merchantId: string;
    columns: readonly ProductColumn[];
    rows: { id: string; version?: number; values: Partial<ProductColumns> }[];
    now: Date;
    isSkippingUnchanged?: boolean;
  },
): Promise<string[]> {
  const { columns } = options;
  const names = columns.map(columnName);
  const current = sql.join(
    names.map((name) => sql`${products}.${name}`),
    sql`, `,
  );
  const given = sql.join(
    names.map((name) => sql`v.${name}`),
    sql`, `,
  );
  const changed: string[] = [];
  for (const chunk of chunks(options.rows)) {
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`(${row.id}::uuid, ${row.version ?? null}::integer, ${sql.join(
            columns.map((column) => sql`${valueOf(row.values[column])}::${sql.raw(COLUMN_TYPES[column])}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    const result = (await db.execute(sql`
      update ${products} set
        ${sql.join(
          names.map((name) => sql`${name} = v.${name}`),
          sql`, `,
        )},
        version = ${nextVersion},
        updated_at = ${options.now.toISOString()}::timestamptz
      from (values ${values}) as v(id, expected_version, ${sql.join(names, sql`, `)})
      where ${products.id} = v.id
        and ${products.merchantId} = ${options.merchantId}
        and (v.expected_version is null or ${products.version} = v.expected_version)
        ${options.isSkippingUnchanged ? sql`and (${current}) is distinct from (${given})` : sql``}
      returning ${products.id}
    `)) as unknown as { rows: { id: string }[] };
    changed.push(...result.rows.map((row) => row.id));
  }
  return changed;
}

export function skuTaken(sku: string, path = 'body.sku') {
  const message = `The SKU “${sku}” is already used by another product.`;
  return new AppError('CONFLICT', message, [{ path, message }]);
}

/**
 * A write refused by the database despite the checks before it, because of a change made
 * meanwhile: a SKU just taken (the one-SKU-per-merchant index) or a brand, supplier, category or
 * unit just deleted (the foreign keys). Either is a 409 to retry, not a 500.
 */
export function asWriteConflict(error: unknown, sku?: { value: string; path?: string }) {
  if (uniqueViolation(error) === 'products_merchant_sku_key') {
    return sku
      ? skuTaken(sku.value, sku.path)
      : new AppError('CONFLICT', 'Two products would have the same SKU; nothing was changed.');
  }
  if (findDatabaseError(error)?.code === FOREIGN_KEY_VIOLATION) {
    return new AppError(
      'CONFLICT',
      'A brand, supplier, category or unit was deleted meanwhile; reload and try again.',
    );
  }
  return error;
}

/**
 * Of the given SKUs (any case), those already used by this merchant's products other than
 * `exceptIds`, keyed by the SKU as given. SKUs match as the one-SKU-per-merchant index compares
 * them, by the database's lower(): `lower` is that, for every given SKU (asked for when absent).
 */
export async function findTakenSkus(
  db: Db,
  options: {
    merchantId: string;
    skus: readonly string[];
    exceptIds?: readonly string[];
    lower?: DatabaseLower;
  },
) {
  const lower = options.lower ?? (await databaseLowerKeys(db, options.skus));
  const keys = [...new Set(options.skus.map(lower))];
  const byKey = new Map<string, { id: string; archivedAt: Date | null }>();
  for (const chunk of chunks(keys, 5_000)) {
    const rows = await db
      .select({ id: products.id, key: sql<string>`lower(${products.sku})`, archivedAt: products.archivedAt })
      .from(products)
      .where(
        and(
          eq(products.merchantId, options.merchantId),
          sql`lower(${products.sku}) = any(${sql.param(chunk)}::text[])`,
          options.exceptIds?.length ? not(inArray(products.id, [...options.exceptIds])) : undefined,
        ),
      );
    for (const row of rows) byKey.set(row.key, { id: row.id, archivedAt: row.archivedAt });
  }
  const taken = new Map<string, { id: string; archivedAt: Date | null }>();
  for (const sku of options.skus) {
    const found = byKey.get(lower(sku));
    if (found) taken.set(sku, found);
  }
  return taken;
}
