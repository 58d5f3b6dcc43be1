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
 * The merchant's units a file may name: by name, by "Name (abbr)" as screens label them, or by
 * abbreviation, each keyed by lower(); `keys` are the database's lower() of the file's cells.
 * A key is a unit's name first (so an exported name always reads back to its unit), then its
 * label, then its abbreviation when only one unit has it; an abbreviation several units share
 * is `ambiguous`, for the rows to say which they mean.
 */
export async function loadUnitIds(db: Db, options: { merchantId: string; keys: string[] }) {
  const keys = sql`${sql.param(options.keys)}::text[]`;
  const name = sql<string>`lower(${unitsOfMeasure.name})`;
  const label = sql<string>`lower(${unitsOfMeasure.name} || ' (' || ${unitsOfMeasure.abbreviation} || ')')`;
  const abbreviation = sql<string>`lower(${unitsOfMeasure.abbreviation})`;
  const rows = await db
    .select({ id: unitsOfMeasure.id, name, label, abbreviation })
    .from(unitsOfMeasure)
    .where(
      and(
        eq(unitsOfMeasure.merchantId, options.merchantId),
        sql`(${name} = any(${keys}) or ${label} = any(${keys}) or ${abbreviation} = any(${keys}))`,
      ),
    );
  const ids = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const key of options.keys) {
    const byName = rows.find((row) => row.name === key) ?? rows.find((row) => row.label === key);
    const byAbbreviation = rows.filter((row) => row.abbreviation === key);
    if (byName) ids.set(key, byName.id);
    else if (byAbbreviation.length === 1) ids.set(key, byAbbreviation[0]!.id);
    else if (byAbbreviation.length > 1) ambiguous.add(key);
  }
  return { ids, ambiguous };
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
