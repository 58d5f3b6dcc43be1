import { and, asc, count, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { products } from '../../platform/db/schema/index.ts';
import { decodeCursor, encodeCursor } from '../../platform/db/keyset-cursor.ts';
import type { TaxonomyKind, TaxonomyKindName, TaxonomyTable } from './taxonomy-kinds.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';

// Query functions shared by the four kinds. Every one takes the merchant id: a row of another
// merchant is simply not found.

/** Any of the four kinds; these queries never look at a kind's input or item shape. */
type AnyKind = TaxonomyKind<TaxonomyTable, never, unknown>;

type Row = { id: string; merchantId: string; name: string };

const zero = sql<number>`0`;

// The tables differ in their other columns, so the row is read whole and handed to the kind's toItem.
const selection = (kind: AnyKind) => ({ row: kind.table, childrenCount: kind.childrenCount ?? zero });

const toItem = (kind: AnyKind, result: { row: Row; childrenCount: number }) =>
  kind.toItem(result.row as never, { childrenCount: Number(result.childrenCount) });

/**
 * One page in name order, keyset on (lower(name), id): a page costs the same at row 10 and row
 * 10,000, and rows added meanwhile are neither lost nor repeated.
 */
export async function listTaxonomyPage(
  db: Db,
  options: { kind: AnyKind; merchantId: string; limit: number; cursor?: string; search?: string },
) {
  const { table } = options.kind;
  const sortKey = sql<string>`lower(${table.name})`;
  const conditions: (SQL | undefined)[] = [eq(table.merchantId, options.merchantId)];
  if (options.search) conditions.push(ilike(table.name, containsPattern(options.search)));
  if (options.cursor) {
    const after = decodeCursor(options.cursor, { name: 'text', id: 'uuid' });
    conditions.push(or(gt(sortKey, after.name), and(eq(sortKey, after.name), gt(table.id, after.id))));
  }
  const rows = await db
    .select({ ...selection(options.kind), sortKey })
    .from(table)
    .where(and(...conditions))
    .orderBy(asc(sortKey), asc(table.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((result) => toItem(options.kind, result)),
    next_cursor:
      rows.length > options.limit && last ? encodeCursor({ name: last.sortKey, id: last.row.id }) : null,
  };
}

/** The merchant's record as the API shows it; undefined for another merchant's or a missing id. */
export async function findTaxonomyItem(db: Db, options: { kind: AnyKind; merchantId: string; id: string }) {
  const { table } = options.kind;
  const [result] = await db
    .select(selection(options.kind))
    .from(table)
    .where(and(eq(table.merchantId, options.merchantId), eq(table.id, options.id)));
  return result ? toItem(options.kind, result) : undefined;
}

export async function insertTaxonomyItem(
  db: Db,
  options: { kind: AnyKind; merchantId: string; columns: Record<string, unknown> },
): Promise<string> {
  const { table } = options.kind;
  const [row] = await db
    .insert(table)
    .values({ ...options.columns, merchantId: options.merchantId } as never)
    .returning({ id: table.id });
  return row!.id;
}

/** False when the id is not the merchant's: nothing is changed. */
export async function updateTaxonomyItem(
  db: Db,
  options: { kind: AnyKind; merchantId: string; id: string; columns: Record<string, unknown> },
): Promise<boolean> {
  const { table } = options.kind;
  const updated = await db
    .update(table)
    .set({ ...options.columns, updatedAt: new Date() } as never)
    .where(and(eq(table.merchantId, options.merchantId), eq(table.id, options.id)))
    .returning({ id: table.id });
  return updated.length > 0;
}

export async function deleteTaxonomyItem(
  db: Db,
  options: { kind: AnyKind; merchantId: string; id: string },
): Promise<boolean> {
  const { table } = options.kind;
  const deleted = await db
    .delete(table)
    .where(and(eq(table.merchantId, options.merchantId), eq(table.id, options.id)))
    .returning({ id: table.id });
  return deleted.length > 0;
}

const PRODUCT_COLUMN_OF_KIND = {
  brand: products.brandId,
  supplier: products.supplierId,
  uom: products.unitOfMeasureId,
  category: products.categoryId,
} as const;

/**
 * How many products (archived ones too: they keep their history) use a brand, supplier, unit or
 * category; deleting one in use is refused. Each column has its own index.
 */
export async function countProductsUsing(options: {
  db: Db;
  kind: TaxonomyKindName;
  id: string;
}): Promise<number> {
  const [row] = await options.db
    .select({ count: count() })
    .from(products)
    .where(eq(PRODUCT_COLUMN_OF_KIND[options.kind], options.id));
  return Number(row?.count ?? 0);
}
