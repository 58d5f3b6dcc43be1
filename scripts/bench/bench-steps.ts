import pg from 'pg';
import { getJson } from './catalogue-data.ts';
import { type LoadResult, measure, measureBeside } from './load.ts';

// Steps every large-data benchmark takes (catalogue.ts, orders.ts, payments.ts): reaching a deep
// page, measuring routes one after another, waiting out the requests a load left behind, and
// vacuuming freshly loaded tables.

/** Pages of 100 walked to reach a deep cursor: the 20,001st row onwards. */
export const DEEP_PAGES = 200;

/** Follows next_cursor DEEP_PAGES times, as someone paging through the list would. */
export async function deepCursor(session: { url: string; token: string }, listPath: string): Promise<string> {
  let cursor: string | null = null;
  for (let page = 0; page < DEEP_PAGES; page++) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const result: { next_cursor: string | null } = await getJson(session, `${listPath}?limit=100${query}`);
    if (!result.next_cursor) break;
    cursor = result.next_cursor;
  }
  if (!cursor) throw new Error(`${listPath} has a single page: is the large data set loaded?`);
  return cursor;
}

/**
 * Waits until the server answers a one-query route promptly again. Requests autocannon left in
 * flight when its time ran out are still queued for the database (PGlite most of all) and would
 * otherwise be counted against the next route.
 */
export async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const startedAt = performance.now();
    await fetch(`${url}/api/v1/health`).catch(() => undefined);
    if (performance.now() - startedAt < 100) return;
  }
}

/** A route of the API (`target` under /api/v1) and who asks for it. */
export type BenchRoute = { label: string; target: string; headers: Record<string, string> };

/**
 * Each route in turn for `durationSeconds` at `connections`, after the baseline (measureBeside),
 * waiting out the requests each one left in flight before the next. A bare route first, 2 s
 * untimed, opens the connections and warms the server's HTTP path.
 */
export async function measureRoutes(
  serverUrl: string,
  routes: BenchRoute[],
  options: { connections: number; durationSeconds: number },
): Promise<LoadResult[]> {
  const { connections } = options;
  await measure({
    label: 'warm-up',
    url: `${serverUrl}/api/v1/environment`,
    connections,
    durationSeconds: 2,
  });
  const loads: LoadResult[] = [];
  for (const route of routes) {
    const load = () =>
      measure({
        ...options,
        label: route.label,
        url: `${serverUrl}/api/v1${route.target}`,
        headers: route.headers,
      });
    loads.push(await measureBeside(serverUrl, load, connections));
    await settle(serverUrl);
  }
  return loads;
}

/**
 * What autovacuum does to a freshly loaded table within a minute or so, done before measuring so
 * the run does not depend on when it happens: fresh statistics, and the visibility map set, so
 * index-only scans (a search's walk in name order) read no table pages.
 */
export async function vacuum(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const startedAt = performance.now();
    await client.query('vacuum analyze');
    console.log(`  vacuum analyze: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** Jobs pg-boss has yet to run: queued and due, or running. */
const PENDING_JOBS = `select count(*)::int as n from pgboss.job
  where state in ('created', 'retry', 'active') and start_after <= now()`;

/**
 * Waits (up to two minutes) for the server to run the jobs an earlier run on a kept database left
 * queued: a bench that records 1,500 payments leaves 1,500 receipts to mail, which the next
 * server would otherwise send while it is being measured.
 */
export async function drainJobs(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const startedAt = performance.now();
    const deadline = Date.now() + 120_000;
    let pending = (await client.query<{ n: number }>(PENDING_JOBS)).rows[0]!.n;
    if (pending === 0) return;
    const queued = pending;
    while (pending > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      pending = (await client.query<{ n: number }>(PENDING_JOBS)).rows[0]!.n;
    }
    console.log(
      `  ran ${queued - pending} jobs left queued by an earlier run in ${((performance.now() - startedAt) / 1000).toFixed(1)} s` +
        (pending > 0 ? ` (${pending} still queued)` : ''),
    );
  } finally {
    await client.end();
  }
}

/** The newest order of a kept database as a run finds it (null: none). */
export async function newestOrderPlacedAt(databaseUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ at: string | null }>(
      `select to_char(max(placed_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from orders`,
    );
    return rows[0]!.at;
  } finally {
    await client.end();
  }
}

/** The name every delivery method a bench run makes starts with (forgetWhatTheRunWrote). */
export const BENCH_METHOD_PREFIX = 'Bench delivery ';

/**
 * Deletes the orders a run placed on a kept database (their lines and history go with them, by
 * cascade) and the delivery method it made to place them, so that every run measures the same
 * data set. A run's orders were all of a few customers and the same ten products, with no PO
 * number: kept, they sat at the head of the list, and each run made the next one's searches walk
 * past them (a product word's search went from 900 to 480 req/s over three runs).
 */
export async function forgetWhatTheRunWrote(databaseUrl: string, after: string | null) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      after === null ? 'delete from orders' : 'delete from orders where placed_at > $1::timestamptz',
      after === null ? [] : [after],
    );
    // The run's entries leave the newest end of the placed-order indexes full of empty pages that
    // a walk from the newest order still steps through (the search for "copper" read 2,415 pages
    // instead of 1,444 after a few runs): rebuilt, each is as the seed left it. A second or two.
    for (const index of [
      'orders_merchant_placed_idx',
      'orders_merchant_status_placed_idx',
      'orders_customer_placed_idx',
      'orders_merchant_sales_idx',
    ]) {
      await client.query(`reindex index ${index}`);
    }
    // The delivery method the run made for placing (createDeliveryMethod): kept, every run left
    // one more that each cart then priced and offered (13 after a dozen runs, where a merchant
    // has two or three).
    const methods = await client.query(`delete from shipping_methods where name like $1`, [
      `${BENCH_METHOD_PREFIX}%`,
    ]);
    console.log(
      `  deleted the ${rowCount} orders this run placed and rebuilt the indexes they left sparse, ` +
        `and its delivery method (${methods.rowCount} in all)`,
    );
  } finally {
    await client.end();
  }
}
