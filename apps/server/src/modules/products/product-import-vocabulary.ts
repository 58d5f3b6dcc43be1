import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import type { DatabaseLower } from '../../platform/db/database-lower.ts';
import { conflict } from '../../platform/errors.ts';
import {
  type CategoryRow,
  insertCategories,
  insertNamed,
  loadCategoriesByKeys,
  loadNamedIds,
  loadUnitIds,
  type NamedKind,
} from './product-import-vocabulary.queries.ts';
import type { CategoryPath, ImportRow } from './product-import-rows.ts';

// The brands, suppliers, units and categories an import names, matched to the merchant's own, and
// the missing ones created. A handful of statements per kind, whatever the number of rows.
//
// Names match ignoring case exactly as the vocabulary's unique indexes compare them, by the
// database's lower(): `lower` is that, worked out once per import for every name the rows hold
// (see namesIn), since JavaScript's toLowerCase() disagrees with it on some letters.

/** A name someone deleted between its creation and its reading back. */
const notCreated = (name: string) => conflict(`“${name}” could not be created; rename it and try again.`);

/** Every name the rows hold (brands, suppliers, units, categories and their parents). */
export function namesIn(rows: ImportRow[]): string[] {
  return rows.flatMap((row) =>
    [row.brand, row.supplier, row.unit, row.category?.name, row.category?.parent].filter(
      (name): name is string => typeof name === 'string',
    ),
  );
}

/** Distinct names in file order, first spelling kept: what new_brands (etc.) lists. */
function distinct(names: (string | null)[], lower: DatabaseLower): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (name !== null && !seen.has(lower(name))) seen.set(lower(name), name);
  return [...seen.values()];
}

/**
 * The merchant's ids for `names`, by the database's lower case of the name. A unit is matched by
 * its name or its abbreviation (loadUnitIds); an abbreviation several units share is ambiguous.
 */
async function loadNamed(
  db: Db,
  options: { kind: NamedKind; merchantId: string; names: string[]; lower: DatabaseLower },
): Promise<{ ids: Map<string, string>; ambiguous: Set<string> }> {
  const { kind, merchantId } = options;
  const keys = options.names.map(options.lower);
  if (kind === 'units') return loadUnitIds(db, { merchantId, keys });
  return { ids: await loadNamedIds(db, { kind, merchantId, keys }), ambiguous: new Set() };
}

type NamedOptions = { kind: NamedKind; merchantId: string; names: (string | null)[]; lower: DatabaseLower };

/** The merchant's ids for `names` (by lower-case name) and the names that do not exist yet. */
async function planNamed(db: Db, options: NamedOptions) {
  const { lower } = options;
  const names = distinct(options.names, lower);
  const { ids, ambiguous } =
    names.length > 0
      ? await loadNamed(db, { ...options, names })
      : { ids: new Map<string, string>(), ambiguous: new Set<string>() };
  return {
    ids,
    ambiguous,
    missing: names.filter((name) => !ids.has(lower(name)) && !ambiguous.has(lower(name))),
  };
}

/** Creates the missing names (a unit's abbreviation is its name, cut to fit) and answers every id. */
async function createNamed(db: Db, options: NamedOptions) {
  const { kind, merchantId, lower } = options;
  const plan = await planNamed(db, options);
  // Someone may add the same name meanwhile: theirs is used.
  if (plan.missing.length > 0) await insertNamed(db, { kind, merchantId, names: plan.missing });
  return (await loadNamed(db, { kind, merchantId, lower, names: distinct(options.names, lower) })).ids;
}

// ── categories: one level of nesting, names unique among siblings ──────────────────────────

export const categoryLabel = (path: CategoryPath) =>
  path.parent ? `${path.parent} > ${path.name}` : path.name;

/** A path ignoring case: its parent's and its own lower-case names. */
const pathKey = (path: CategoryPath, lower: DatabaseLower) =>
  JSON.stringify([path.parent === null ? null : lower(path.parent), lower(path.name)]);

type Resolved = { id: string } | { isNew: true } | { error: string };

/**
 * "Milk" is the top-level category Milk, or else the only sub-category named Milk; "Dairy > Milk"
 * is Milk under the top-level Dairy. A name that fits several sub-categories must say its parent.
 */
function resolveCategory(path: CategoryPath, rows: CategoryRow[], lower: DatabaseLower): Resolved {
  const topLevel = (name: string) => rows.find((row) => row.parentId === null && row.key === lower(name));
  if (path.parent === null) {
    const top = topLevel(path.name);
    if (top) return { id: top.id };
    const subs = rows.filter((row) => row.parentId !== null && row.key === lower(path.name));
    if (subs.length === 1) return { id: subs[0]!.id };
    if (subs.length > 1) {
      return { error: `Several categories are named “${path.name}”; write it as “Parent > ${path.name}”.` };
    }
    return { isNew: true };
  }
  const parent = topLevel(path.parent);
  const child = parent && rows.find((row) => row.parentId === parent.id && row.key === lower(path.name));
  return child ? { id: child.id } : { isNew: true };
}

async function loadCategories(
  db: Db,
  options: { merchantId: string; paths: CategoryPath[]; lower: DatabaseLower },
): Promise<CategoryRow[]> {
  const { merchantId, lower } = options;
  const names = [
    ...new Set(options.paths.flatMap((path) => [path.name, path.parent ?? path.name]).map(lower)),
  ];
  if (names.length === 0) return [];
  return loadCategoriesByKeys(db, { merchantId, keys: names });
}

/** Each distinct path (by label, lower-case) resolved against the merchant's categories. */
type CategoryOptions = { merchantId: string; paths: (CategoryPath | null)[]; lower: DatabaseLower };

async function planCategories(db: Db, options: CategoryOptions) {
  const { lower } = options;
  const paths = distinctPaths(options.paths, lower);
  const rows = await loadCategories(db, { ...options, paths });
  const resolved = new Map(paths.map((path) => [pathKey(path, lower), resolveCategory(path, rows, lower)]));
  return {
    resolved,
    missing: paths.filter((path) => 'isNew' in resolved.get(pathKey(path, lower))!).map(categoryLabel),
  };
}

function distinctPaths(paths: (CategoryPath | null)[], lower: DatabaseLower) {
  const seen = new Map<string, CategoryPath>();
  for (const path of paths) if (path && !seen.has(pathKey(path, lower))) seen.set(pathKey(path, lower), path);
  return [...seen.values()];
}

/** Creates missing top-level categories, then missing sub-categories, and answers every path's id. */
async function createCategories(db: Db, options: CategoryOptions) {
  const { merchantId, lower } = options;
  const paths = distinctPaths(options.paths, lower);
  const load = () => loadCategories(db, { merchantId, paths, lower });
  const insert = (values: { merchantId: string; name: string; parentId: string | null }[]) =>
    insertCategories(db, values);

  let rows = await load();
  const missingTop = distinct(
    paths
      .filter((path) => 'isNew' in resolveCategory(path, rows, lower))
      .map((path) => path.parent ?? path.name)
      .filter((name) => !rows.some((row) => row.parentId === null && row.key === lower(name))),
    lower,
  );
  await insert(missingTop.map((name) => ({ merchantId, name, parentId: null })));
  rows = await load();

  const missingSubs = paths.filter(
    (path) => path.parent !== null && 'isNew' in resolveCategory(path, rows, lower),
  );
  const parentIdOf = (path: CategoryPath) =>
    rows.find((row) => row.parentId === null && row.key === lower(path.parent!))?.id;
  // A parent that could not be made leaves its sub-category unresolved, reported below.
  await insert(
    missingSubs
      .filter((path) => parentIdOf(path))
      .map((path) => ({ merchantId, name: path.name, parentId: parentIdOf(path)! })),
  );
  rows = await load();

  const ids = new Map<string, string>();
  for (const path of paths) {
    const resolved = resolveCategory(path, rows, lower);
    if (!('id' in resolved)) throw notCreated(categoryLabel(path));
    ids.set(pathKey(path, lower), resolved.id);
  }
  return ids;
}

// ── all four at once, for the import ─────────────────────────────────────────────────────────

const NAMED = [
  ['brands', (row: ImportRow) => row.brand],
  ['suppliers', (row: ImportRow) => row.supplier],
  ['units', (row: ImportRow) => row.unit],
] as const;

type Kind = (typeof NAMED)[number][0] | 'categories';

type VocabularyOptions = { merchantId: string; rows: ImportRow[]; lower: DatabaseLower };

/**
 * What the rows name: found, to be created (listed by name, as a dry run shows), or ambiguous.
 * `lower` must cover namesIn(rows).
 */
export async function planVocabulary(db: Db, options: VocabularyOptions) {
  const { merchantId, rows, lower } = options;
  const missing = {} as Record<Kind, string[]>;
  const found = {} as Record<Exclude<Kind, 'categories'>, Awaited<ReturnType<typeof planNamed>>>;
  for (const [kind, nameOf] of NAMED) {
    found[kind] = await planNamed(db, { kind, merchantId, lower, names: rows.map(nameOf) });
    missing[kind] = found[kind].missing;
  }
  const paths = rows.map((row) => row.category);
  const categories = await planCategories(db, { merchantId, lower, paths });
  missing.categories = categories.missing;
  /**
   * A row's vocabulary problems: a category name several sub-categories share, a unit
   * abbreviation several units share.
   */
  const rowErrors = (row: ImportRow) => {
    const errors: { column: 'category' | 'unit'; message: string }[] = [];
    const resolved = row.category && categories.resolved.get(pathKey(row.category, lower));
    if (resolved && 'error' in resolved) errors.push({ column: 'category', message: resolved.error });
    if (row.unit !== null && found.units.ambiguous.has(lower(row.unit))) {
      errors.push({
        column: 'unit',
        message: `Several units are abbreviated “${row.unit}”; write the unit’s name instead.`,
      });
    }
    return errors;
  };
  /**
   * The ids a row would refer to, as far as they exist; a name still to be created has none yet,
   * so a fresh id stands in (a product taking it is changed, which is what creating it does).
   */
  const idOf = (kind: Exclude<Kind, 'categories'>, name: string | null) =>
    name === null ? null : (found[kind].ids.get(lower(name)) ?? randomUUID());
  const plannedReferencesOf = (row: ImportRow) => {
    const category = row.category && categories.resolved.get(pathKey(row.category, lower));
    return {
      brandId: idOf('brands', row.brand),
      supplierId: idOf('suppliers', row.supplier),
      unitOfMeasureId: idOf('units', row.unit),
      categoryId: row.category === null ? null : category && 'id' in category ? category.id : randomUUID(),
    };
  };
  return { missing, rowErrors, plannedReferencesOf };
}

/** Creates what the rows name and is missing; answers each row's ids. `lower` covers namesIn(rows). */
export async function createVocabulary(db: Db, options: VocabularyOptions) {
  const { merchantId, rows, lower } = options;
  const ids = {} as Record<Exclude<Kind, 'categories'>, Map<string, string>>;
  for (const [kind, nameOf] of NAMED) {
    ids[kind] = await createNamed(db, { kind, merchantId, lower, names: rows.map(nameOf) });
  }
  const categoryIds = await createCategories(db, {
    merchantId,
    lower,
    paths: rows.map((row) => row.category),
  });
  const idOf = (kind: Exclude<Kind, 'categories'>, name: string | null) => {
    if (name === null) return null;
    const id = ids[kind].get(lower(name));
    if (!id) throw notCreated(name);
    return id;
  };
  const categoryIdOf = (path: CategoryPath | null) => {
    if (path === null) return null;
    const id = categoryIds.get(pathKey(path, lower));
    if (!id) throw notCreated(categoryLabel(path));
    return id;
  };
  return (row: ImportRow) => ({
    brandId: idOf('brands', row.brand),
    supplierId: idOf('suppliers', row.supplier),
    unitOfMeasureId: idOf('units', row.unit),
    categoryId: categoryIdOf(row.category),
  });
}
