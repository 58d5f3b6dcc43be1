import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { brands, categories, suppliers, unitsOfMeasure } from '../../platform/db/schema/index.ts';

// The reads and writes behind an import's vocabulary (product-import-vocabulary.ts). Names are
// looked up by `keys`: the database's lower() of each name, as the unique indexes compare them.

const NAMED_TABLES = { brands, suppliers, units: unitsOfMeasure };

/** The vocabulary named by one column of the file; categories nest, so they are apart. */
export type NamedKind = keyof typeof NAMED_TABLES;

/** The merchant's ids of a kind, keyed by lower(name), for the names whose keys are given. */
export async function loadNamedIds(
  db: Db,
  options: { kind: NamedKind; merchantId: string; keys: string[] },
): Promise<Map<string, string>> {
  const table = NAMED_TABLES[options.kind];
  const rows = await db
    .select({ id: table.id, key: sql<string>`lower(${table.name})` })
    .from(table)
    .where(
      and(
        eq(table.merchantId, options.merchantId),
        sql`lower(${table.name}) = any(${sql.param(options.keys)}::text[])`,
      ),
    );
  return new Map(rows.map((row) => [row.key, row.id]));
}

/**
 * New names of a kind (a unit's abbreviation is its name, cut to fit). A name someone added
 * meanwhile is left as theirs.
 */
export async function insertNamed(db: Db, options: { kind: NamedKind; merchantId: string; names: string[] }) {
  const { kind, merchantId } = options;
  await db
    .insert(NAMED_TABLES[kind])
    .values(
      options.names.map((name) =>
        kind === 'units'
          ? { merchantId, name, abbreviation: name.slice(0, 12).trim() }
          : { merchantId, name },
      ) as (typeof unitsOfMeasure.$inferInsert)[],
    )
    .onConflictDoNothing();
}

/** `key` is the database's lower(name), as the siblings' unique index compares names. */
export type CategoryRow = { id: string; key: string; parentId: string | null };

/** The merchant's categories whose lower-case names are among `keys`, at any level. */
export function loadCategoriesByKeys(
  db: Db,
  options: { merchantId: string; keys: string[] },
): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, key: sql<string>`lower(${categories.name})`, parentId: categories.parentId })
    .from(categories)
    .where(
      and(
        eq(categories.merchantId, options.merchantId),
        sql`lower(${categories.name}) = any(${sql.param(options.keys)}::text[])`,
      ),
    );
}

/** New categories; one someone added meanwhile (same name among its siblings) is left as theirs. */
export async function insertCategories(
  db: Db,
  rows: { merchantId: string; name: string; parentId: string | null }[],
) {
  if (rows.length > 0) await db.insert(categories).values(rows).onConflictDoNothing();
}
