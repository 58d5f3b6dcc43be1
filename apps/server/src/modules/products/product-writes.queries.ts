import { and, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Db } from '../../platform/db/client.ts';
import { type DatabaseLower, databaseLowerKeys } from '../../platform/db/database-lower.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import { products } from '../../platform/db/schema/index.ts';
import { productFilterConditions } from './products.queries.ts';

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

/** Optimistic concurrency: every change to a product moves its version on. */
const nextVersion = sql`${products.version} + 1`;

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

type RowValues = { id: string; version?: number; values: Partial<ProductColumns> };

/** Rows as a typed VALUES list: (id, expected version, …columns). */
const valuesList = (rows: readonly RowValues[], columns: readonly ProductColumn[]) =>
  sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::uuid, ${row.version ?? null}::integer, ${sql.join(
          columns.map((column) => sql`${valueOf(row.values[column])}::${sql.raw(COLUMN_TYPES[column])}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );

/**
 * Of the merchant's products given, those whose `columns` differ from the values given: what
 * updateProducts with `isSkippingUnchanged` would change, without writing (an import's preview).
 */
export async function findChangedProducts(
  db: Db,
  options: { merchantId: string; columns: readonly ProductColumn[]; rows: readonly RowValues[] },
): Promise<Set<string>> {
  const { columns } = options;
  const names = columns.map(columnName);
  const changed = new Set<string>();
  for (const chunk of chunks(options.rows)) {
    const result = (await db.execute(sql`
      select ${products.id} as id from ${products}
      join (values ${valuesList(chunk, columns)}) as v(id, expected_version, ${sql.join(names, sql`, `)})
        on ${products.id} = v.id
      where ${products.merchantId} = ${options.merchantId}
        and (${sql.join(
          names.map((name) => sql`${products}.${name}`),
          sql`, `,
        )}) is distinct from (${sql.join(
          names.map((name) => sql`v.${name}`),
          sql`, `,
        )})
    `)) as unknown as { rows: { id: string }[] };
    for (const row of result.rows) changed.add(row.id);
  }
  return changed;
}

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
    rows: RowValues[];
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
    const values = valuesList(chunk, columns);
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

/**
 * One product's form, only if it is still at the version the editor read: false when it is not
 * (or is not the merchant's), and nothing changed.
 */
export async function updateProductAtVersion(
  db: Db,
  options: { merchantId: string; id: string; version: number; values: ProductColumns; now: Date },
): Promise<boolean> {
  const [row] = await db
    .update(products)
    .set({ ...options.values, version: nextVersion, updatedAt: options.now })
    .where(
      and(
        eq(products.merchantId, options.merchantId),
        eq(products.id, options.id),
        eq(products.version, options.version),
      ),
    )
    .returning({ id: products.id });
  return row !== undefined;
}

/**
 * Archives (or restores) those of the merchant's products not already in that state, so doing it
 * twice changes nothing; answers the ids it changed.
 */
export async function setProductsArchived(
  db: Db,
  options: { merchantId: string; ids: readonly string[]; isArchiving: boolean; now: Date },
): Promise<string[]> {
  const { isArchiving, now } = options;
  const changed = await db
    .update(products)
    .set({ archivedAt: isArchiving ? now : null, version: nextVersion, updatedAt: now })
    .where(
      and(
        eq(products.merchantId, options.merchantId),
        inArray(products.id, [...options.ids]),
        isArchiving ? isNull(products.archivedAt) : isNotNull(products.archivedAt),
      ),
    )
    .returning({ id: products.id });
  return changed.map((row) => row.id);
}

/** Answers how many of the merchant's products it deleted. */
export async function deleteProducts(db: Db, options: { merchantId: string; ids: readonly string[] }) {
  const deleted = await db
    .delete(products)
    .where(and(eq(products.merchantId, options.merchantId), inArray(products.id, [...options.ids])))
    .returning({ id: products.id });
  return deleted.length;
}

/** The merchant's products among `ids`, locked for the rest of the transaction. */
export function lockProducts(tx: Db, options: { merchantId: string; ids: readonly string[] }) {
  return tx
    .select({ id: products.id, version: products.version, image: products.image })
    .from(products)
    .where(and(eq(products.merchantId, options.merchantId), inArray(products.id, [...options.ids])))
    .for('update');
}

/**
 * The SKU index is checked row by row and, on an expression, cannot be deferred: a batch that
 * swaps or chains SKUs (A→B, B→A) first parks its own rows on SKUs nobody else can hold.
 */
export async function parkProductSkus(tx: Db, options: { merchantId: string; ids: readonly string[] }) {
  await tx
    .update(products)
    .set({ sku: sql`'~moving~' || ${products.id}` })
    .where(and(eq(products.merchantId, options.merchantId), inArray(products.id, [...options.ids])));
}

/**
 * Locks every product the filters match, at most `max + 1` of them (so a caller can tell "more
 * than max" and refuse), and answers their ids: what "select all N matching" acts on, chosen and
 * locked in one statement, so a product deleted meanwhile is simply not among them.
 */
export async function lockMatchingProducts(
  db: Db,
  options: { merchantId: string; filters: Parameters<typeof productFilterConditions>[1]; max: number },
) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(...productFilterConditions(options.merchantId, options.filters)))
    .limit(literalLimit(options.max + 1))
    .for('update', { of: products });
  return rows.map((row) => row.id);
}
