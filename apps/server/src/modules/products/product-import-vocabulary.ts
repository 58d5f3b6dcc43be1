import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { brands, categories, suppliers, unitsOfMeasure } from '../../platform/db/schema/index.ts';
import { conflict } from '../../platform/errors.ts';
import type { CategoryPath, ImportRow } from './product-import-rows.ts';

// The brands, suppliers, units and categories an import names, matched to the merchant's own, and
// the missing ones created. A handful of statements per kind, whatever the number of rows.

/** A name the database would not take or give back (its lower case differs from ours). */
const notCreated = (name: string) => conflict(`“${name}” could not be created; rename it and try again.`);

type NamedTable = typeof brands | typeof suppliers | typeof unitsOfMeasure;

/** How an import's names are matched: ignoring case, as the vocabulary's unique indexes compare them. */
export const nameKey = (name: string) => name.toLowerCase();

/** Distinct names in file order, first spelling kept: what new_brands (etc.) lists. */
function distinct(names: (string | null)[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (name !== null && !seen.has(nameKey(name))) seen.set(nameKey(name), name);
  return [...seen.values()];
}

async function loadNamed(db: Db, options: { table: NamedTable; merchantId: string; names: string[] }) {
  const { table } = options;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(
      and(
        eq(table.merchantId, options.merchantId),
        sql`lower(${table.name}) = any(${sql.param(options.names.map(nameKey))}::text[])`,
      ),
    );
  return new Map(rows.map((row) => [nameKey(row.name), row.id]));
}

/** The merchant's ids for `names` (by lower-case name) and the names that do not exist yet. */
async function planNamed(
  db: Db,
  options: { table: NamedTable; merchantId: string; names: (string | null)[] },
) {
  const names = distinct(options.names);
  const ids = names.length > 0 ? await loadNamed(db, { ...options, names }) : new Map<string, string>();
  return { ids, missing: names.filter((name) => !ids.has(nameKey(name))) };
}

/** Creates the missing names (a unit's abbreviation is its name, cut to fit) and answers every id. */
async function createNamed(
  db: Db,
  options: { table: NamedTable; merchantId: string; names: (string | null)[] },
) {
  const { table, merchantId } = options;
  const plan = await planNamed(db, options);
  if (plan.missing.length > 0) {
    await db
      .insert(table)
      .values(
        plan.missing.map((name) =>
          table === unitsOfMeasure
            ? { merchantId, name, abbreviation: name.slice(0, 12).trim() }
            : { merchantId, name },
        ) as (typeof unitsOfMeasure.$inferInsert)[],
      )
      // Someone added the same name meanwhile: theirs is used.
      .onConflictDoNothing();
  }
  return loadNamed(db, { table, merchantId, names: distinct(options.names) });
}

// ── categories: one level of nesting, names unique among siblings ──────────────────────────

type CategoryRow = { id: string; name: string; parentId: string | null };

export const categoryLabel = (path: CategoryPath) =>
  path.parent ? `${path.parent} > ${path.name}` : path.name;

type Resolved = { id: string } | { isNew: true } | { error: string };

/**
 * "Milk" is the top-level category Milk, or else the only sub-category named Milk; "Dairy > Milk"
 * is Milk under the top-level Dairy. A name that fits several sub-categories must say its parent.
 */
function resolveCategory(path: CategoryPath, rows: CategoryRow[]): Resolved {
  const topLevel = (name: string) =>
    rows.find((row) => row.parentId === null && nameKey(row.name) === nameKey(name));
  if (path.parent === null) {
    const top = topLevel(path.name);
    if (top) return { id: top.id };
    const subs = rows.filter((row) => row.parentId !== null && nameKey(row.name) === nameKey(path.name));
    if (subs.length === 1) return { id: subs[0]!.id };
    if (subs.length > 1) {
      return { error: `Several categories are named “${path.name}”; write it as “Parent > ${path.name}”.` };
    }
    return { isNew: true };
  }
  const parent = topLevel(path.parent);
  const child =
    parent && rows.find((row) => row.parentId === parent.id && nameKey(row.name) === nameKey(path.name));
  return child ? { id: child.id } : { isNew: true };
}

async function loadCategories(db: Db, merchantId: string, paths: CategoryPath[]): Promise<CategoryRow[]> {
  const names = [...new Set(paths.flatMap((path) => [path.name, path.parent ?? path.name]).map(nameKey))];
  if (names.length === 0) return [];
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(
      and(
        eq(categories.merchantId, merchantId),
        sql`lower(${categories.name}) = any(${sql.param(names)}::text[])`,
      ),
    );
}

/** Each distinct path (by label, lower-case) resolved against the merchant's categories. */
async function planCategories(db: Db, options: { merchantId: string; paths: (CategoryPath | null)[] }) {
  const paths = distinctPaths(options.paths);
  const rows = await loadCategories(db, options.merchantId, paths);
  const resolved = new Map(paths.map((path) => [nameKey(categoryLabel(path)), resolveCategory(path, rows)]));
  return {
    resolved,
    missing: paths
      .filter((path) => 'isNew' in resolved.get(nameKey(categoryLabel(path)))!)
      .map(categoryLabel),
  };
}

function distinctPaths(paths: (CategoryPath | null)[]) {
  const seen = new Map<string, CategoryPath>();
  for (const path of paths)
    if (path && !seen.has(nameKey(categoryLabel(path)))) seen.set(nameKey(categoryLabel(path)), path);
  return [...seen.values()];
}

/** Creates missing top-level categories, then missing sub-categories, and answers every path's id. */
async function createCategories(db: Db, options: { merchantId: string; paths: (CategoryPath | null)[] }) {
  const { merchantId } = options;
  const paths = distinctPaths(options.paths);
  const insert = (values: (typeof categories.$inferInsert)[]) =>
    values.length > 0 ? db.insert(categories).values(values).onConflictDoNothing() : undefined;

  let rows = await loadCategories(db, merchantId, paths);
  const missingTop = distinct(
    paths
      .filter((path) => 'isNew' in resolveCategory(path, rows))
      .map((path) => path.parent ?? path.name)
      .filter((name) => !rows.some((row) => row.parentId === null && nameKey(row.name) === nameKey(name))),
  );
  await insert(missingTop.map((name) => ({ merchantId, name, parentId: null })));
  rows = await loadCategories(db, merchantId, paths);

  const missingSubs = paths.filter((path) => path.parent !== null && 'isNew' in resolveCategory(path, rows));
  const parentIdOf = (path: CategoryPath) =>
    rows.find((row) => row.parentId === null && nameKey(row.name) === nameKey(path.parent!))?.id;
  // A parent that could not be made leaves its sub-category unresolved, reported below.
  await insert(
    missingSubs
      .filter((path) => parentIdOf(path))
      .map((path) => ({ merchantId, name: path.name, parentId: parentIdOf(path)! })),
  );
  rows = await loadCategories(db, merchantId, paths);

  const ids = new Map<string, string>();
  for (const path of paths) {
    const resolved = resolveCategory(path, rows);
    if (!('id' in resolved)) throw notCreated(categoryLabel(path));
    ids.set(nameKey(categoryLabel(path)), resolved.id);
  }
  return ids;
}

// ── all four at once, for the import ─────────────────────────────────────────────────────────

const NAMED = [
  ['brands', brands, (row: ImportRow) => row.brand],
  ['suppliers', suppliers, (row: ImportRow) => row.supplier],
  ['units', unitsOfMeasure, (row: ImportRow) => row.unit],
] as const;

type Kind = (typeof NAMED)[number][0] | 'categories';

/** What the rows name: found, to be created (listed by name, as a dry run shows), or ambiguous. */
export async function planVocabulary(db: Db, options: { merchantId: string; rows: ImportRow[] }) {
  const { merchantId, rows } = options;
  const missing = {} as Record<Kind, string[]>;
  for (const [kind, table, nameOf] of NAMED) {
    missing[kind] = (await planNamed(db, { table, merchantId, names: rows.map(nameOf) })).missing;
  }
  const categories = await planCategories(db, { merchantId, paths: rows.map((row) => row.category) });
  missing.categories = categories.missing;
  /** A row's category problem (a name several sub-categories share), if any. */
  const categoryError = (row: ImportRow) => {
    const resolved = row.category && categories.resolved.get(nameKey(categoryLabel(row.category)));
    return resolved && 'error' in resolved ? resolved.error : undefined;
  };
  return { missing, categoryError };
}

/** Creates what the rows name and is missing; answers each row's ids. */
export async function createVocabulary(db: Db, options: { merchantId: string; rows: ImportRow[] }) {
  const { merchantId, rows } = options;
  const ids = {} as Record<Kind, Map<string, string>>;
  for (const [kind, table, nameOf] of NAMED) {
    ids[kind] = await createNamed(db, { table, merchantId, names: rows.map(nameOf) });
  }
  ids.categories = await createCategories(db, { merchantId, paths: rows.map((row) => row.category) });
  const idOf = (kind: Kind, name: string | null) => {
    if (name === null) return null;
    const id = ids[kind].get(nameKey(name));
    if (!id) throw notCreated(name);
    return id;
  };
  return (row: ImportRow) => ({
    brandId: idOf('brands', row.brand),
    supplierId: idOf('suppliers', row.supplier),
    unitOfMeasureId: idOf('units', row.unit),
    categoryId: row.category && idOf('categories', categoryLabel(row.category)),
  });
}
