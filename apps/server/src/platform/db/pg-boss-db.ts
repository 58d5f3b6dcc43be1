import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, Db } from './client.ts';

// A driver adapter: it reaches into drizzle's and the drivers' clients, so it lives with the
// database client rather than with the jobs that use it.

type Row = Record<string, unknown>;

/** pg-boss's `db` option: every statement pg-boss runs goes through `executeSql`. */
export type BossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }> };

/** The process-wide executor; `drain` lets `stop()` wait for statements pg-boss left running. */
export type RootBossDb = BossDb & { drain(): Promise<void> };

/**
 * pg-boss over our own connection(s) instead of a pool of its own: on PGlite there is no server
 * to connect to, and on PostgreSQL sharing the app's pool keeps the connection count predictable.
 */
export function createBossDb(database: Database): RootBossDb {
  // drizzle keeps the driver client as `$client`; our `Db` type erases it, so narrow it again here.
  const client = (database.db as unknown as { $client: unknown }).$client;
  const run = database.kind === 'pglite' ? pgliteRunner(asPglite(client)) : poolRunner(asPool(client));
  const inFlight = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      const running = run(text, values);
      inFlight.add(running);
      const forget = () => inFlight.delete(running);
      running.then(forget, forget);
      return running;
    },
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * The executor of the caller's drizzle transaction, so a job row is written by that transaction
 * and exists only if it commits.
 *
 * drizzle has no public accessor for the connection a transaction runs on, and its `execute()`
 * cannot carry pg-boss's positional parameters (`$5` is used several times with different casts;
 * drizzle would bind each use as a new parameter and Postgres would infer a different type for
 * each). Each drizzle transaction owns a session whose `client` is exactly that connection: the
 * node-postgres PoolClient checked out for BEGIN…COMMIT, or the PGlite `Transaction` handed to
 * `PGlite.transaction()`'s callback. Both answer `query(text, values)` with `{ rows }`, which is
 * all pg-boss needs. `tx._.session` is typed public; only `client` is private, so it is read
 * through one narrow cast and checked at run time: a drizzle upgrade that moves it fails loudly
 * here instead of silently writing jobs outside the transaction.
 */
export function transactionBossDb(tx: Db): BossDb {
  if (!is(tx, PgTransaction)) {
    throw new TypeError(
      'sendInTransaction needs the transaction from db.transaction(async (tx) => …), not the db',
    );
  }
  const client = (tx._.session as unknown as { client?: unknown }).client;
  if (client instanceof pg.Client) {
    return { executeSql: async (text, values) => client.query<Row>(text, values) };
  }
  if (isPgliteTransaction(client)) {
    // PGlite's own query() waits for the open transaction to finish; the Transaction's query()
    // runs inside it, which is what we want here (and the only thing that cannot deadlock).
    return { executeSql: (text, values) => client.query<Row>(text, values) };
  }
  throw new TypeError('sendInTransaction: unsupported drizzle driver (expected node-postgres or PGlite)');
}

function isPgliteTransaction(value: unknown): value is PgliteTransaction {
  return (
    typeof value === 'object' &&
    value !== null &&
    'closed' in value &&
    typeof (value as { query?: unknown }).query === 'function'
  );
}

function asPglite(client: unknown): PGlite {
  if (client instanceof PGlite) return client;
  throw new TypeError('Expected the PGlite client behind a pglite Database');
}

function asPool(client: unknown): pg.Pool {
  if (client instanceof pg.Pool) return client;
  throw new TypeError('Expected a pg.Pool behind a postgres Database');
}

type Runner = (text: string, values?: unknown[]) => Promise<{ rows: Row[] }>;

function poolRunner(pool: pg.Pool): Runner {
  // Without values pg uses the simple protocol, which accepts pg-boss's multi-statement scripts
  // (BEGIN; …; COMMIT). A script that fails half-way leaves its connection in an aborted
  // transaction, but pg-pool destroys a client whose query failed, so the pool stays clean.
  return (text, values) => pool.query<Row>(text, values);
}

function pgliteRunner(client: PGlite): Runner {
  return async (text, values) => {
    if (values && values.length > 0) return client.query<Row>(text, values);
    // PGlite's query() is the extended protocol: one statement only. pg-boss sends its schema
    // creation, migrations and maintenance as parameterless BEGIN; …; COMMIT scripts, which need
    // exec() (simple protocol). Its callers read rows only from single-statement texts, so the
    // last result is the one they want.
    try {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Row[] };
    } catch (error) {
      // PGlite is one connection: a script that failed after its BEGIN would leave every later
      // query of the app in "current transaction is aborted". Outside a transaction ROLLBACK is
      // only a notice, so it is always safe to send.
      await client.exec('ROLLBACK').catch(() => {});
      throw error;
    }
  };
}
