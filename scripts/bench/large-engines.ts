import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createBenchDatabase } from '../lib/bench-database.ts';
import { startServer } from '../lib/server-process.ts';
import type { Budget } from './budget.ts';
import { loadLargeData } from './catalogue-data.ts';
import { drainJobs, forgetWhatTheRunWrote, newestOrderPlacedAt, vacuum } from './bench-steps.ts';

// How the benches over the large data set's orders (orders.ts, payments.ts) get a server to
// measure on each engine: the data set seeded into a throw-away database (or one named in the
// environment, kept), the built server started on it, and everything removed afterwards.

export type Engine = 'PGlite' | 'PostgreSQL';

/**
 * PostgreSQL gets the whole history; PGlite, one process maintaining every index in WebAssembly,
 * seeds about 400 orders/s on a busy 2-core machine, so it gets what keeps its seed near 3 minutes.
 */
export const LARGE_ORDERS: Record<Engine, number> = { PostgreSQL: 1_000_000, PGlite: 25_000 };

/** The environment variables of one bench: BENCH_ORDERS_…, BENCH_PAYMENTS_… */
export type BenchPrefix = 'BENCH_ORDERS' | 'BENCH_PAYMENTS';

/** `<prefix>_ENGINES=PGlite` or `=PostgreSQL` measures one of them (both by default). */
export const isMeasured = (prefix: BenchPrefix, engine: Engine) =>
  (process.env[`${prefix}_ENGINES`] ?? 'PGlite,PostgreSQL').split(',').includes(engine);

async function countOrders(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from orders')).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Serves a database and measures it; the server goes away afterwards. */
async function serveAndBench<T>(
  start: Parameters<typeof startServer>[0],
  bench: (url: string) => Promise<T>,
): Promise<T> {
  const server = await startServer(start);
  try {
    return await bench(server.url);
  } finally {
    await server.stop();
  }
}

/**
 * Seeds, serves and measures one engine with `<prefix>_POSTGRESQL` / `<prefix>_PGLITE` orders (else
 * LARGE_ORDERS); the server and its data go away afterwards. Seeding a million orders takes
 * minutes, so a database seeded before (`npm run seed:large`) can be named instead and is kept:
 * `<prefix>_DATABASE_URL`, `<prefix>_DATA_DIR` (PGlite, with its order count in `<prefix>_PGLITE`).
 * Undefined when PostgreSQL is not there to measure.
 */
export async function onLargeData<T>(
  prefix: BenchPrefix,
  engine: Engine,
  bench: (url: string, orders: number) => Promise<T>,
  options: {
    /** The bench places orders: a kept PostgreSQL database loses them again afterwards. */
    placesOrders?: boolean;
  } = {},
): Promise<T | undefined> {
  const orders = Number(process.env[`${prefix}_${engine.toUpperCase()}`] ?? LARGE_ORDERS[engine]);
  const seeded =
    engine === 'PGlite' ? process.env[`${prefix}_DATA_DIR`] : process.env[`${prefix}_DATABASE_URL`];
  if (seeded) {
    console.log(`\nUsing the large data set already seeded in ${seeded} (${engine})`);
    if (engine === 'PGlite') return serveAndBench({ dataDir: seeded }, (url) => bench(url, orders));
    await vacuum(seeded);
    const count = await countOrders(seeded);
    const newestBefore = options.placesOrders ? await newestOrderPlacedAt(seeded) : undefined;
    try {
      return await serveAndBench({ env: { DATABASE_URL: seeded } }, async (url) => {
        await drainJobs(seeded);
        return bench(url, count);
      });
    } finally {
      if (newestBefore !== undefined) await forgetWhatTheRunWrote(seeded, newestBefore);
    }
  }
  console.log(`\nLoading the large data set with ${orders.toLocaleString('en-AU')} orders (${engine})…`);
  if (engine === 'PGlite') {
    // Seeded before the server starts: PGlite allows one process per data dir.
    const dataDir = await mkdtemp(path.join(tmpdir(), `tradeport-${prefix.toLowerCase()}-`));
    try {
      const ms = await loadLargeData({ DATA_DIR: dataDir }, { orders });
      console.log(`  seed:large wall time (${engine}): ${(ms / 1000).toFixed(1)} s`);
      return await serveAndBench({ dataDir }, (url) => bench(url, orders));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const postgres = await createBenchDatabase();
  if (!postgres) return undefined;
  try {
    const ms = await loadLargeData({ DATABASE_URL: postgres.url }, { orders });
    console.log(`  seed:large wall time (${engine}): ${(ms / 1000).toFixed(1)} s`);
    await vacuum(postgres.url);
    return await serveAndBench({ env: { DATABASE_URL: postgres.url } }, (url) => bench(url, orders));
  } finally {
    await postgres.drop();
  }
}

/** PGlite is one connection in the API process: its figures are printed beside the budgets, not held to them. */
export function reportBesideBudgets(heading: string, budgets: Budget[]) {
  console.log(`\n${heading} (reported, no budget)`);
  for (const b of budgets) {
    console.log(
      `  ${b.ok ? 'within' : 'over  '}  ${b.name.padEnd(48)} ${b.value.toFixed(1).padStart(9)}  (PostgreSQL budget ${b.limit})`,
    );
  }
}
