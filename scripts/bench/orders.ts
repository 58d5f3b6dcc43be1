import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createBenchDatabase } from '../lib/bench-database.ts';
import { startServer } from '../lib/server-process.ts';
import { type Budget, checkBudget } from './budget.ts';
import { currentOrganisationId, LARGE_LOGINS, loadLargeData, signIn } from './catalogue-data.ts';
import { DEEP_PAGES, deepCursor, settle, vacuum } from './bench-steps.ts';
import { formatLoad, type LoadResult, measure } from './load.ts';
import {
  createDeliveryMethod,
  measurePlacing,
  newestOrderIds,
  placingCustomers,
  timeBulkPdf,
} from './orders-data.ts';

// Issue 10's figures: the merchant's order list (first and deep page), order search (a customer
// name, a product, an order number, a PO number), a customer's order history and placing a
// 10-line order, each at 20 connections, and one PDF of 1,000 tax invoices, over the large data
// set's orders: 1,000,000 on PostgreSQL (budgets), fewer on PGlite (reported beside them).

type Engine = 'PGlite' | 'PostgreSQL';

const CONNECTIONS = 20;
const DURATION_SECONDS = 5;
const PAGE_SIZE = 50;
const P95_BUDGET_MS = 50;
const PLACING_BUDGET_MS = 100;
const PDF_INVOICES = 1_000;
const PDF_BUDGET_S = 10;
const PDF_RUNS = 3;
/**
 * PostgreSQL gets the whole history; PGlite, one process maintaining every index in WebAssembly,
 * seeds about 400 orders/s on a busy 2-core machine, so it gets what keeps its seed near 3 minutes.
 */
const ORDERS: Record<Engine, number> = { PostgreSQL: 1_000_000, PGlite: 25_000 };
/**
 * Search terms of the large data set: a first word of a fifth of the customers' names, a product
 * word on about a tenth of the lines, a PO number and an order number that each match one order,
 * and a PO number's first characters (PO numbers are "PO-" and 100,000 + the order's number).
 */
const SEARCHES = {
  customerWord: 'copper',
  productWord: 'milk',
  orderNumber: (orders: number) => String(Math.floor(orders * 0.9)),
  poNumber: (orders: number) => `PO-${100_000 + 3 * Math.floor(orders / 6)}`,
  poPrefix: 'PO-1',
};

type Figures = { orders: number; loads: LoadResult[]; pdfSeconds: number[]; errors: number };

const loadNow = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

async function benchEngine(url: string, engine: Engine, orders: number): Promise<Figures> {
  const merchant = await signIn(url, LARGE_LOGINS.admin);
  const customer = await signIn(url, LARGE_LOGINS.customer);
  const merchantId = await currentOrganisationId(merchant);
  const customerOrganisationId = await currentOrganisationId(customer);
  const listPath = `/orders/organisation/${merchantId}`;
  const walkStartedAt = performance.now();
  const cursor = await deepCursor(merchant, listPath);
  console.log(
    `\nOrders over ${orders.toLocaleString('en-AU')} orders, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each (${engine}; ${loadNow()})`,
  );
  console.log(
    `(walked ${DEEP_PAGES} pages of 100 for a deep cursor in ${((performance.now() - walkStartedAt) / 1000).toFixed(1)} s)`,
  );

  const api = `${url}/api/v1`;
  const asMerchant = { authorization: `Bearer ${merchant.token}` };
  const asCustomer = { authorization: `Bearer ${customer.token}` };
  const page = `limit=${PAGE_SIZE}`;
  const search = (q: string) => `${listPath}/search?${page}&q=${encodeURIComponent(q)}`;
  const routes = [
    { label: 'list, first page', target: `${listPath}?${page}`, headers: asMerchant },
    {
      label: 'list, deep page (cursor)',
      target: `${listPath}?limit=100&cursor=${encodeURIComponent(cursor)}`,
      headers: asMerchant,
    },
    { label: `search customer "${SEARCHES.customerWord}"`, target: search(SEARCHES.customerWord) },
    { label: `search product "${SEARCHES.productWord}"`, target: search(SEARCHES.productWord) },
    { label: 'search order number', target: search(SEARCHES.orderNumber(orders)) },
    { label: 'search PO number', target: search(SEARCHES.poNumber(orders)) },
    { label: `search PO prefix "${SEARCHES.poPrefix}"`, target: search(SEARCHES.poPrefix) },
    {
      label: 'customer history, first page',
      target: `/orders/organisation/${customerOrganisationId}?${page}`,
      headers: asCustomer,
    },
  ];

  await measure({
    label: 'warm-up',
    url: `${api}/environment`,
    connections: CONNECTIONS,
    durationSeconds: 2,
  });
  const loads: LoadResult[] = [];
  for (const route of routes) {
    loads.push(
      await measure({
        label: route.label,
        url: `${api}${route.target}`,
        headers: route.headers ?? asMerchant,
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
      }),
    );
    await settle(url);
  }

  const methodId = await createDeliveryMethod(merchant, merchantId);
  const customers = await placingCustomers(merchant, merchantId, CONNECTIONS);
  loads.push(
    await measurePlacing({
      label: 'place a 10-line order',
      merchant,
      merchantId,
      methodId,
      customers,
      durationSeconds: DURATION_SECONDS * 2,
    }),
  );
  await settle(url);
  for (const load of loads) console.log(formatLoad(load));

  const ids = await newestOrderIds(merchant, merchantId, PDF_INVOICES);
  const pdfSeconds: number[] = [];
  for (let run = 0; run < PDF_RUNS; run++) {
    const pdf = await timeBulkPdf(merchant, merchantId, ids);
    console.log(
      `POST …/bulk-pdf/type/invoice, ${ids.length} invoices: ${pdf.seconds.toFixed(2)} s to the last byte, ` +
        `${(pdf.bytes / 1024 / 1024).toFixed(1)} MB${pdf.isOk ? '' : `  — FAILED: ${pdf.status}`}`,
    );
    pdfSeconds.push(pdf.isOk ? pdf.seconds : Number.POSITIVE_INFINITY);
  }
  console.log(`(${engine} done; ${loadNow()})`);
  return { orders, loads, pdfSeconds, errors: loads.reduce((sum, load) => sum + load.errors, 0) };
}

function toBudgets(figures: Figures, engine: Engine): Budget[] {
  return [
    ...figures.loads.map((load) =>
      checkBudget(`${load.label} p95 (${engine})`, load.p95, {
        atMost: load.label.startsWith('place') ? PLACING_BUDGET_MS : P95_BUDGET_MS,
        unit: 'ms',
      }),
    ),
    checkBudget(
      `PDF of ${PDF_INVOICES} invoices, slowest of ${PDF_RUNS} (${engine})`,
      Math.max(...figures.pdfSeconds),
      { atMost: PDF_BUDGET_S, unit: 's' },
    ),
    checkBudget(`orders errors under load (${engine})`, figures.errors, { atMost: 0, unit: '' }),
  ];
}

/** Serves a database and measures it; the server goes away afterwards. */
async function serveAndBench(engine: Engine, orders: number, start: Parameters<typeof startServer>[0]) {
  const server = await startServer(start);
  try {
    return await benchEngine(server.url, engine, orders);
  } finally {
    await server.stop();
  }
}

/**
 * Seeds, serves and measures one engine; the server and its data go away afterwards. Seeding a
 * million orders takes minutes, so a database seeded before (`npm run seed:large`) can be named
 * instead and is kept: BENCH_ORDERS_DATABASE_URL, BENCH_ORDERS_DATA_DIR (PGlite, with its order
 * count in BENCH_ORDERS_PGLITE).
 */
async function onEngine(engine: Engine): Promise<Figures | undefined> {
  const orders = Number(process.env[`BENCH_ORDERS_${engine.toUpperCase()}`] ?? ORDERS[engine]);
  const seeded =
    engine === 'PGlite' ? process.env.BENCH_ORDERS_DATA_DIR : process.env.BENCH_ORDERS_DATABASE_URL;
  if (seeded) {
    console.log(`\nUsing the large data set already seeded in ${seeded} (${engine})`);
    if (engine === 'PGlite') return serveAndBench(engine, orders, { dataDir: seeded });
    await vacuum(seeded);
    return serveAndBench(engine, await countOrders(seeded), { env: { DATABASE_URL: seeded } });
  }
  console.log(`\nLoading the large data set with ${orders.toLocaleString('en-AU')} orders (${engine})…`);
  if (engine === 'PGlite') {
    // Seeded before the server starts: PGlite allows one process per data dir.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tradeport-bench-orders-'));
    try {
      const ms = await loadLargeData({ DATA_DIR: dataDir }, { orders });
      console.log(`  seed:large wall time (${engine}): ${(ms / 1000).toFixed(1)} s`);
      return await serveAndBench(engine, orders, { dataDir });
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
    return await serveAndBench(engine, orders, { env: { DATABASE_URL: postgres.url } });
  } finally {
    await postgres.drop();
  }
}

async function countOrders(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from orders')).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** BENCH_ORDERS_ENGINES=PGlite or =PostgreSQL measures one of them (both by default). */
const isMeasured = (engine: Engine) =>
  (process.env.BENCH_ORDERS_ENGINES ?? 'PGlite,PostgreSQL').split(',').includes(engine);

export async function benchOrders(): Promise<Budget[]> {
  const pglite = isMeasured('PGlite') ? await onEngine('PGlite') : undefined;
  const postgres = isMeasured('PostgreSQL') ? await onEngine('PostgreSQL') : undefined;
  if (pglite) {
    // PGlite is one connection in the API process: its figures are reported, not held to budgets.
    console.log(`\nPGlite, ${pglite.orders.toLocaleString('en-AU')} orders (reported, no budget)`);
    for (const b of toBudgets(pglite, 'PGlite')) {
      console.log(
        `  ${b.ok ? 'within' : 'over  '}  ${b.name.padEnd(48)} ${b.value.toFixed(1).padStart(9)}  (PostgreSQL budget ${b.limit})`,
      );
    }
  }
  return postgres ? toBudgets(postgres, 'PostgreSQL') : [];
}
