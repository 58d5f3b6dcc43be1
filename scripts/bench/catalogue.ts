import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from '../lib/bench-database.ts';
import { startServer } from '../lib/server-process.ts';
import pg from 'pg';
import { type Budget, checkBudget } from './budget.ts';
import { captureRouteSql, measureBareSql, type RouteCall } from './bare-sql.ts';
import {
  buildImportCsv,
  currentOrganisationId,
  LARGE_LOGINS,
  loadLargeData,
  signIn,
  vocabularyNames,
} from './catalogue-data.ts';
import { DEEP_PAGES, deepCursor, settle, vacuum } from './bench-steps.ts';
import { formatLoad, type LoadResult, measure } from './load.ts';

// Issue 4's figures: the product list (first and deep page), search, the customer's catalogue and
// a 10,000-row CSV import, over 100,000 products, on PGlite (reported) and PostgreSQL (budgets).
// Issue 15's: the merchant's list and search and the customer's catalogue page and search, each
// beside the same SQL run by a bare pg client (PostgreSQL only), held to shares of its req/s.

type Engine = 'PGlite' | 'PostgreSQL';

const CONNECTIONS = 20;
const DURATION_SECONDS = 5;
const IMPORT_ROWS = 10_000;
const P95_BUDGET_MS = 50;
const IMPORT_BUDGET_S = 10;
/** Issue 15: rows per page of the catalogue routes, as the ordering portal asks for them. */
const PAGE_SIZE = 50;
/** Issue 15: a common word (about 4,000 matches), a rarer one (about 700) and two words. */
const SEARCHES = { common: 'milk', rare: 'barista', twoWords: 'oat milk' };
/** Issue 15: the customer's search, as a share of the customer's first page (req/s). */
const SEARCH_SHARE_OF_PAGE = 50;
/** Issue 15: each catalogue route, as a share of its own SQL run by a bare pg client (req/s). */
const SHARE_OF_BARE_SQL = 40;

type Figures = { loads: RouteLoad[]; importSeconds: number; errors: number };

async function timeImport(session: { url: string; token: string }, merchantId: string) {
  const csv = buildImportCsv({
    rows: IMPORT_ROWS,
    skuPrefix: 'IMP',
    vocabulary: await vocabularyNames(session, merchantId),
  });
  const startedAt = performance.now();
  const response = await fetch(`${session.url}/api/v1/products/organisation/${merchantId}/bulk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'import', csv, dry_run: false }),
  });
  const seconds = (performance.now() - startedAt) / 1000;
  const result = (await response.json()) as { is_written?: boolean; created?: number; errors?: unknown[] };
  const isOk = response.ok && result.is_written === true && result.created === IMPORT_ROWS;
  console.log(
    `POST …/bulk import of ${IMPORT_ROWS} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV, dry_run false): ` +
      `${seconds.toFixed(2)} s, ${(IMPORT_ROWS / seconds).toFixed(0)} rows/s` +
      (isOk ? '' : `  — FAILED: ${response.status} ${JSON.stringify(result).slice(0, 400)}`),
  );
  return { seconds, isOk };
}

/** A route under load, and (for issue 15's routes) the SQL its answer costs, run bare. */
type RouteLoad = { load: LoadResult; bare?: LoadResult; isHeldToP95: boolean; isCustomerSearch: boolean };

type Route = {
  label: string;
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
  /** Issue 4's routes keep their p95 budget; issue 15's are held to shares of req/s instead. */
  isHeldToP95: boolean;
  isCustomerSearch?: boolean;
  bare?: RouteCall;
};

const withQuery = (route: Route) =>
  route.query ? `${route.path}?${new URLSearchParams(route.query)}` : route.path;

/** What the bare client needs to run a route's SQL: the users' ids and the catalogue's viewer. */
async function bareInputs(
  databaseUrl: string,
  options: { merchantId: string; customerOrganisationId: string },
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const one = async (text: string, values: unknown[]) => {
    const id = (await client.query<{ id: string }>(text, values)).rows[0]?.id;
    if (!id) throw new Error(`the large data set has no row for ${text}`);
    return id;
  };
  try {
    const userId = (email: string) => one('select id from users where email = $1', [email]);
    return {
      merchantUserId: await userId(LARGE_LOGINS.admin.email),
      customerUserId: await userId(LARGE_LOGINS.customer.email),
      viewer: {
        merchantId: options.merchantId,
        customerAccountId: await one(
          'select id from customer_accounts where merchant_id = $1 and customer_organisation_id = $2',
          [options.merchantId, options.customerOrganisationId],
        ),
      },
    };
  } finally {
    await client.end();
  }
}

async function benchEngine(url: string, engine: Engine, databaseUrl?: string): Promise<Figures> {
  const merchant = await signIn(url, LARGE_LOGINS.admin);
  const customer = await signIn(url, LARGE_LOGINS.customer);
  const merchantId = await currentOrganisationId(merchant);
  const customerOrganisationId = await currentOrganisationId(customer);
  const listPath = `/products/organisation/${merchantId}`;
  const walkStartedAt = performance.now();
  const cursor = await deepCursor(merchant, listPath);
  console.log(
    `\nCatalogue over 100,000 products, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each (${engine})`,
  );
  console.log(
    `(walked ${DEEP_PAGES} pages of 100 for a deep cursor in ${((performance.now() - walkStartedAt) / 1000).toFixed(1)} s)`,
  );

  const api = `${url}/api/v1`;
  const asMerchant = { authorization: `Bearer ${merchant.token}` };
  const asCustomer = { authorization: `Bearer ${customer.token}` };
  const run = async (label: string, target: string, headers?: Record<string, string>) => {
    const result = await measure({
      label,
      url: `${api}${target}`,
      headers,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    });
    await settle(url);
    return result;
  };

  // The bare client needs PostgreSQL: PGlite lives inside the API process.
  const inputs = databaseUrl
    ? await bareInputs(databaseUrl, { merchantId, customerOrganisationId })
    : undefined;
  const page = { limit: String(PAGE_SIZE) };
  const cataloguePath = `${listPath}/catalogue`;
  const catalogueQuery = (search?: string) => ({
    customer_organisation_id: customerOrganisationId,
    ...page,
    ...(search ? { search } : {}),
  });
  const catalogueRoute = (label: string, search?: string): Route => {
    const query = catalogueQuery(search);
    return {
      label,
      path: cataloguePath,
      query,
      headers: asCustomer,
      isHeldToP95: search === undefined,
      isCustomerSearch: search !== undefined,
      bare: inputs && {
        kind: 'catalogue',
        viewer: inputs.viewer,
        userId: inputs.customerUserId,
        customerOrganisationId,
        query,
      },
    };
  };
  const routes: Route[] = [
    {
      label: 'list, first page',
      path: listPath,
      query: page,
      headers: asMerchant,
      isHeldToP95: true,
      bare: inputs && { kind: 'products', merchantId, userId: inputs.merchantUserId, query: page },
    },
    {
      label: 'list, deep page (cursor)',
      path: listPath,
      query: { cursor },
      headers: asMerchant,
      isHeldToP95: true,
    },
    {
      label: `list, search "${SEARCHES.common}"`,
      path: listPath,
      query: { ...page, search: SEARCHES.common },
      headers: asMerchant,
      isHeldToP95: false,
      bare: inputs && {
        kind: 'products',
        merchantId,
        userId: inputs.merchantUserId,
        query: { ...page, search: SEARCHES.common },
      },
    },
    {
      label: 'picker search "milk" (4 chars)',
      path: `${listPath}/search`,
      query: { q: 'milk' },
      headers: asMerchant,
      isHeldToP95: true,
    },
    {
      label: 'picker search "co" (2 chars)',
      path: `${listPath}/search`,
      query: { q: 'co' },
      headers: asMerchant,
      isHeldToP95: true,
    },
    catalogueRoute('catalogue, first page'),
    catalogueRoute(`catalogue, search "${SEARCHES.common}"`, SEARCHES.common),
    catalogueRoute(`catalogue, search "${SEARCHES.rare}"`, SEARCHES.rare),
    catalogueRoute(`catalogue, search "${SEARCHES.twoWords}"`, SEARCHES.twoWords),
  ];

  await measure({
    label: 'warm-up',
    url: `${api}/environment`,
    connections: CONNECTIONS,
    durationSeconds: 2,
  });
  const bare = await run('GET /environment (bare)', '/environment');
  const loads: RouteLoad[] = [];
  for (const route of routes) {
    const load = await run(route.label, withQuery(route), route.headers);
    const bareSql =
      route.bare && databaseUrl
        ? await measureBareSql({
            label: `  the same SQL, bare pg client`,
            databaseUrl,
            queries: await captureRouteSql(databaseUrl, route.bare),
            connections: CONNECTIONS,
            durationSeconds: DURATION_SECONDS,
          })
        : undefined;
    loads.push({
      load,
      bare: bareSql,
      isHeldToP95: route.isHeldToP95,
      isCustomerSearch: route.isCustomerSearch ?? false,
    });
  }
  console.log(formatLoad(bare));
  for (const { load, bare: bareSql } of loads) {
    const ratio = (load.requestsPerSecond / bare.requestsPerSecond) * 100;
    console.log(`${formatLoad(load)}   ${ratio.toFixed(1).padStart(5)} % of bare`);
    if (bareSql) {
      const share = (load.requestsPerSecond / bareSql.requestsPerSecond) * 100;
      console.log(`${formatLoad(bareSql)}   ours ${share.toFixed(1).padStart(5)} % of it`);
    }
  }

  const imported = await timeImport(merchant, merchantId);
  return {
    loads,
    importSeconds: imported.isOk ? imported.seconds : Number.POSITIVE_INFINITY,
    errors:
      bare.errors +
      loads.reduce((sum, { load, bare: bareSql }) => sum + load.errors + (bareSql?.errors ?? 0), 0),
  };
}

function toBudgets(figures: Figures, engine: Engine): Budget[] {
  const page = figures.loads.find((route) => route.load.label === 'catalogue, first page')!;
  return [
    ...figures.loads
      .filter((route) => route.isHeldToP95)
      .map(({ load }) =>
        checkBudget(`${load.label} p95 (${engine})`, load.p95, { atMost: P95_BUDGET_MS, unit: 'ms' }),
      ),
    // Issue 15: a buyer's search keeps up with browsing...
    ...figures.loads
      .filter((route) => route.isCustomerSearch)
      .map(({ load }) =>
        checkBudget(
          `${load.label}, % of first page req/s (${engine})`,
          (load.requestsPerSecond / page.load.requestsPerSecond) * 100,
          { atLeast: SEARCH_SHARE_OF_PAGE, unit: '%' },
        ),
      ),
    // ...and every catalogue route keeps up with its own SQL, run bare.
    ...figures.loads.flatMap(({ load, bare }) =>
      bare
        ? [
            checkBudget(
              `${load.label}, % of its bare SQL req/s (${engine})`,
              (load.requestsPerSecond / bare.requestsPerSecond) * 100,
              { atLeast: SHARE_OF_BARE_SQL, unit: '%' },
            ),
          ]
        : [],
    ),
    checkBudget(`CSV import ${IMPORT_ROWS} rows (${engine})`, figures.importSeconds, {
      atMost: IMPORT_BUDGET_S,
      unit: 's',
    }),
    checkBudget(`catalogue errors under load (${engine})`, figures.errors, { atMost: 0, unit: '' }),
  ];
}

/** Seeds, serves and measures one engine; the server and its data go away afterwards. */
async function onEngine(engine: Engine): Promise<Figures | undefined> {
  console.log(`\nLoading the large data set (${engine})…`);
  if (engine === 'PGlite') {
    // Seeded before the server starts: PGlite allows one process per data dir.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tradeport-bench-catalogue-'));
    try {
      const ms = await loadLargeData({ DATA_DIR: dataDir }, { orders: 0 });
      console.log(`  seed:large wall time (${engine}): ${(ms / 1000).toFixed(1)} s`);
      const server = await startServer({ dataDir });
      try {
        return await benchEngine(server.url, engine);
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const postgres = await createBenchDatabase();
  if (!postgres) return undefined;
  try {
    const ms = await loadLargeData({ DATABASE_URL: postgres.url }, { orders: 0 });
    console.log(`  seed:large wall time (${engine}): ${(ms / 1000).toFixed(1)} s`);
    await vacuum(postgres.url);
    const server = await startServer({ env: { DATABASE_URL: postgres.url } });
    try {
      return await benchEngine(server.url, engine, postgres.url);
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.drop();
  }
}

export async function benchCatalogue(): Promise<Budget[]> {
  const pglite = await onEngine('PGlite');
  const postgres = await onEngine('PostgreSQL');
  if (pglite) {
    // PGlite is one connection in the API process: its figures are reported, not held to budgets.
    console.log('\nPGlite (reported, no budget)');
    for (const b of toBudgets(pglite, 'PGlite')) {
      console.log(
        `  ${b.ok ? 'within' : 'over  '}  ${b.name.padEnd(48)} ${b.value.toFixed(1).padStart(9)}  (PostgreSQL budget ${b.limit})`,
      );
    }
  }
  return postgres ? toBudgets(postgres, 'PostgreSQL') : [];
}
