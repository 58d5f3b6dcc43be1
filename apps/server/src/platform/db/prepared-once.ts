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

// Statements run inside a transaction: the handle is new for every transaction, so preparedOnce
// would build them every time. Building (drizzle assembling the SQL text from its builders) was the
// largest share of the server's CPU in placing an order; the text and its placeholders do not
// depend on which connection runs them.
// Per driver as well as by name: a statement built by one driver cannot run on the other's
// client, and one process may hold both (the API tests run PGlite and PostgreSQL files in one
// worker, the backup command opens either).
const anyConnection = new Map<unknown, Map<string, { client: unknown }>>();

/**
 * The statement named `name`, built once for the process and run through `db`'s own connection:
 * the pool, or the transaction `db` is. Drizzle binds a prepared statement to the client of the
 * session it was built on (its `client`, in both the node-postgres and the PGlite driver); a copy
 * of it with the transaction's client runs there instead.
 */
export function preparedForAny<T extends object>(
  db: Db,
  name: string,
  prepare: (db: Db, name: string) => T,
): T {
  const session = db._.session as unknown as { client: unknown; constructor: unknown };
  let byName = anyConnection.get(session.constructor);
  if (!byName) anyConnection.set(session.constructor, (byName = new Map()));
  let built = byName.get(name);
  if (!built) {
    built = prepare(db, name) as T & { client: unknown };
    if (!('client' in built)) throw new Error(`Statement ${name} has no client to rebind`);
    byName.set(name, built);
  }
  const client = session.client;
  if (built.client === client) return built as unknown as T;
  return Object.assign(Object.create(built) as object, { client }) as T;
}
