import type { Db } from './client.ts';

// The pages asked for most (a list's plain pages, the catalogue's browsing) are the same statement
// every time; building and preparing it per request was a measurable share of their cost.
const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement named `name`, built and prepared once per database, then reused. The name is the
 * prepared statement's own, so it must say everything that makes the statement differ (shape,
 * sort, page size).
 */
export function preparedOnce<T>(db: Db, name: string, prepare: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, prepare(name));
  return byName.get(name) as T;
}
