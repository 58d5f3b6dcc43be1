import { createHash } from 'node:crypto';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { LoadResult } from './load.ts';

// The limit a route is held to: the SQL it runs for its answer (its access check, then its page),
// run by a bare `pg` client at the same concurrency, in the same run, against the same database.
// The SQL is not written out here but captured from the server's own query functions (loaded from
// source by path, so this project's types stay its own), so the two cannot drift apart.

const ROOT = path.resolve(import.meta.dirname, '../..');
const serverModule = (file: string) => path.join(ROOT, 'apps/server/src', file);
const contractModule = path.join(ROOT, 'packages/contract/src/index.ts');

/** The API's own pool size (openDatabase's default): the bare client gets as many connections. */
const SERVER_POOL_SIZE = 10;

export type CapturedQuery = { text: string; values: unknown[] };

type Viewer = { merchantId: string; customerAccountId: string };
type Parse = { parse(input: unknown): Record<string, unknown> };
type Endpoint = { query: Parse };
type QueryFunction = (db: unknown, options: Record<string, unknown>) => Promise<unknown>;
type AccessQueries = {
  findMembership(options: { userId: string; organisationId: string }): Promise<unknown>;
  findCustomerAccount(options: {
    userId: string;
    organisationId: string;
    merchantId: string;
  }): Promise<unknown>;
};

/** What a route's handler passes its query function, from the query string as the route parses it. */
export type RouteCall =
  | {
      kind: 'catalogue';
      viewer: Viewer;
      /** Who asks, and as which customer organisation: the access check's inputs. */
      userId: string;
      customerOrganisationId: string;
      query: Record<string, string>;
    }
  | { kind: 'products'; merchantId: string; userId: string; query: Record<string, string> };

/**
 * Runs the route's query function once, as its handler calls it, against `databaseUrl` through a
 * Drizzle that records each statement; resolves with the statements, in order.
 */
export async function captureRouteSql(databaseUrl: string, call: RouteCall): Promise<CapturedQuery[]> {
  const [schema, contract, catalogue, products, access] = await Promise.all([
    import(serverModule('platform/db/schema/index.ts')) as Promise<Record<string, unknown>>,
    import(contractModule) as Promise<Record<string, Endpoint>>,
    import(serverModule('modules/catalogue/catalogue.queries.ts')) as Promise<Record<string, QueryFunction>>,
    import(serverModule('modules/products/product-list.queries.ts')) as Promise<
      Record<string, QueryFunction>
    >,
    import(serverModule('platform/tenancy/membership.queries.ts')) as Promise<{
      prepareAccessQueries(db: unknown): AccessQueries;
    }>,
  ]);
  const captured: CapturedQuery[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const db = drizzle({
      client: pool,
      schema,
      casing: 'snake_case',
      logger: { logQuery: (text, values) => captured.push({ text, values }) },
    });
    // The access check each route runs first (resolveAccess, in the API's preValidation).
    const accessQueries = access.prepareAccessQueries(db);
    const runRoute = async () => {
      if (call.kind === 'catalogue') {
        await accessQueries.findCustomerAccount({
          userId: call.userId,
          organisationId: call.customerOrganisationId,
          merchantId: call.viewer.merchantId,
        });
        // catalogue.routes.ts: the customer organisation picks the viewer; category_id is renamed.
        const query = contract.listCatalogue!.query.parse(call.query);
        const { customer_organisation_id: _customer, category_id, ...page } = query;
        await catalogue.listCataloguePage!(db, { viewer: call.viewer, categoryId: category_id, ...page });
      } else {
        await accessQueries.findMembership({ userId: call.userId, organisationId: call.merchantId });
        // products.routes.ts (listProducts): paging and sort apart, the rest are filters.
        const query = contract.listProducts!.query.parse(call.query);
        const { limit, cursor, sort, direction, with_total, ...filters } = query;
        await products.listProductRows!(db, {
          merchantId: call.merchantId,
          limit,
          cursor,
          filters,
          sort,
          direction,
          withTotal: with_total === 'true',
        });
      }
    };
    // Twice, keeping the second: what the route runs once it has served the request before (a
    // search whose walk came back short goes straight to the trigram index the next time).
    await runRoute();
    captured.length = 0;
    await runRoute();
  } finally {
    await pool.end();
  }
  if (captured.length === 0) throw new Error(`no SQL captured for ${JSON.stringify(call)}`);
  return captured;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * `connections` callers, each running the statements one after another for `durationSeconds`,
 * over a pool the API's size, each statement prepared once per connection (as the API's
 * StatementCachingClient does). A "request" is one pass over the statements, rows read.
 */
export async function measureBareSql(options: {
  label: string;
  databaseUrl: string;
  queries: CapturedQuery[];
  connections: number;
  durationSeconds: number;
}): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: SERVER_POOL_SIZE });
  const statements = options.queries.map((query) => ({
    name: `bare_${createHash('sha1').update(query.text).digest('base64url').slice(0, 20)}`,
    text: query.text,
    values: query.values,
  }));
  const latencies: number[] = [];
  let errors = 0;
  try {
    const pass = async () => {
      for (const statement of statements) await pool.query(statement);
    };
    // Warm-up: every connection opened and every statement prepared before the clock starts.
    await Promise.all(Array.from({ length: SERVER_POOL_SIZE * 2 }, pass));
    const startedAt = performance.now();
    const deadline = startedAt + options.durationSeconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < deadline) {
          const sentAt = performance.now();
          try {
            await pass();
            latencies.push(performance.now() - sentAt);
          } catch {
            errors++;
          }
        }
      }),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      label: options.label,
      requestsPerSecond: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p975: percentile(latencies, 97.5),
      errors,
    };
  } finally {
    await pool.end();
  }
}
