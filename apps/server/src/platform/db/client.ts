import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { keepStatementsPrepared } from './pglite-statements.ts';
import { mapRowsWithCompiledMappers } from './row-mapping.ts';
import { StatementCachingClient } from './statement-caching-client.ts';

/**
 * One handle type for both drivers. A union of the two drizzle types breaks `.returning()`,
 * so everything downstream sees the common PgDatabase.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL; used by the migration lock and by pg-boss-style adapters. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: a gzipped tarball of the data dir, consistent (taken between transactions, after
   * a checkpoint) while the server keeps serving. `npm run backup` asks the running server for it.
   */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the pool's connections, for the metrics. */
  poolStats?(): PoolStats;
  /**
   * Runs `work` while no other process holding the same `lockId` runs it: how API processes
   * starting together on one PostgreSQL take turns installing schemas. A session-level advisory
   * lock on a connection of its own, taken before `work` begins any transaction: a transaction
   * that waited for a lock taken inside it can act on a stale catalog cache (a `CREATE SCHEMA IF
   * NOT EXISTS` then fails with a duplicate key), one begun after the lock cannot. PGlite is one
   * process's: it runs `work` as it is.
   */
  exclusively<T>(lockId: number, work: () => Promise<T>): Promise<T>;
};

export type PoolStats = { max: number; total: number; idle: number; waiting: number };

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string /* in memory when absent */;
      /** Starts from this `dumpDataDir()` tarball instead of an empty database (the tests' copy). */
      loadDataDir?: Blob;
    };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  mapRowsWithCompiledMappers();
  if (options.kind === 'postgres') {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      // DATABASE_POOL_SIZE, 10 by default: 5 measured no faster for placing (its transactions queue
      // on the merchant's counter row whatever the pool holds), and reads wait for a connection
      // while the busy event loop has not yet taken the answer off the one they used.
      max,
      Client: StatementCachingClient,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // No parallel workers: each request is a short query among many at once, where starting
      // workers costs more than it saves (a search for a number took 5.8 ms with two, 0.4 without)
      // and takes cores the other connections need.
      // No JIT either: its compiling costs 20–40 ms a query, and a short query whose estimate is
      // inflated (a search by number, whose index recheck is costed as a regular expression over
      // each row) crossed jit_above_cost and compiled on every run for a 0.4 ms scan.
      // Generic plans only: a named statement (statement-caching-client.ts) is planned once per
      // connection and kept. By default PostgreSQL plans its first five runs for their values, then
      // keeps on re-planning every run wherever those plans were costed a little below the generic
      // one, which they often are by a few percent for the same plan: the deep order page, a
      // customer's history and the cart's products were each planned on every run (0.5–1.7 ms,
      // about as much as running them). A statement whose best plan depends on its values is marked
      // customPlanned and sent with them written in.
      options: '-c max_parallel_workers_per_gather=0 -c jit=off -c plan_cache_mode=force_generic_plan',
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
      poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async exclusively(lockId, work) {
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [lockId]);
          return await work();
        } finally {
          // Released with the session if the unlock fails: the connection is then dropped.
          await holder.query('select pg_advisory_unlock($1)', [lockId]).then(
            () => holder.release(),
            (error: Error) => holder.release(error),
          );
        }
      },
    };
  }

  if (options.dataDir) {
    // PGlite does not create its parent folder.
    // Owner only: PGlite writes its files world-writable (0666) whatever the umask.
    await mkdir(path.dirname(options.dataDir), { recursive: true, mode: 0o700 });
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    // The extensions the migrations create (0000: pg_trgm, 0009: btree_gin).
    extensions: { pg_trgm, btree_gin },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await keepStatementsPrepared(client);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    exclusively: (_lockId, work) => work(),
    dumpDataDir: () =>
      // Inside a transaction of its own, which PGlite runs one at a time: no other transaction is
      // half-written into the files. The checkpoint flushes the committed ones, so the copy opens
      // without replaying the write-ahead log.
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('gzip');
      }),
  };
}
