import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Budget, checkBudget } from './budget.ts';
import { currentOrganisationId, LARGE_LOGINS, signIn } from './catalogue-data.ts';
import { DEEP_PAGES, deepCursor, measureRoutes, settle } from './bench-steps.ts';
import { type Engine, isMeasured, onLargeData, reportBesideBudgets } from './large-engines.ts';
import {
  formatReportTiming,
  REPORT_BUDGET_MS,
  REPORT_RUNS,
  type ReportTiming,
  timeReports,
} from './reports-data.ts';
import { formatBeside, type LoadResult, measureBeside } from './load.ts';
import {
  createDeliveryMethod,
  measurePlacing,
  measurePlacingAlone,
  newestOrderIds,
  placingCustomers,
  timeBulkPdf,
} from './orders-data.ts';

// Issue 10's figures: the merchant's order list (first and deep page), order search (a customer
// name, a product, an order number, a PO number), a customer's order history and placing a
// 10-line order, each at 20 connections, and one PDF of 1,000 tax invoices; and issue 12's
// merchant home (p95 ≤ 100 ms) and each report over LAST_YEAR, one request at a time (≤ 500 ms).
// All over the large data set's orders: 1,000,000 on PostgreSQL
// (budgets), fewer on PGlite (reported beside them).

const CONNECTIONS = 20;
const DURATION_SECONDS = 5;
const PAGE_SIZE = 50;
const P95_BUDGET_MS = 50;
const PLACING_BUDGET_MS = 100;
/** The merchant's home (issue 12): its counts, what is overdue and 30 days of sales. */
const HOME_BUDGET_MS = 100;
const HOME_LABEL = 'merchant home';
/** Orders each placing connection places (each its own customer's cart, filled beforehand). */
const PLACINGS_PER_CONNECTION = 15;
const PDF_INVOICES = 1_000;
const PDF_BUDGET_S = 10;
const PDF_RUNS = 3;
/** How long the warm-up round's background jobs get before placing is measured. */
const WARM_UP_DRAIN_MS = 15_000;
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

type Figures = {
  orders: number;
  loads: LoadResult[];
  reports: ReportTiming[];
  pdfSeconds: number[];
  errors: number;
};

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
    { label: HOME_LABEL, target: `/reports/${merchantId}/home` },
    {
      label: 'customer history, first page',
      target: `/orders/organisation/${customerOrganisationId}?${page}`,
      headers: asCustomer,
    },
  ];

  const loads = await measureRoutes(
    url,
    routes.map((route) => ({ ...route, headers: route.headers ?? asMerchant })),
    { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS },
  );

  console.log(`\nReports over LAST_YEAR, ${REPORT_RUNS} requests each, one at a time`);
  const reports = await timeReports(merchant, merchantId);
  for (const timing of reports) console.log(formatReportTiming(timing));
  await settle(url);

  // Placing, held to its budget: CONNECTIONS placings at a time of carts filled beforehand.
  // Beside it, reported only: placing while as many shoppers fill carts (ten requests each per
  // order placed), which measures the cart as much as the placing.
  const methodId = await createDeliveryMethod(merchant, merchantId);
  const placing = { merchant, merchantId, methodId };
  const customers = await placingCustomers(merchant, merchantId, CONNECTIONS * PLACINGS_PER_CONNECTION);
  // A round of the same placings first, not timed: each of the pool's connections prepares every
  // statement placing runs, so a server's first few hundred placings measure its warming up, not
  // placing.
  // Then a pause for the mails that round queued (an invoice PDF and a few mails an order) to go
  // out, so the measured round meets its own background work, not the warm-up's too.
  await measurePlacingAlone({ ...placing, label: 'warm-up', customers, connections: CONNECTIONS });
  await sleep(WARM_UP_DRAIN_MS);
  await settle(url);
  loads.push(
    await measureBeside(
      url,
      () =>
        measurePlacingAlone({
          ...placing,
          label: 'place a 10-line order',
          customers,
          connections: CONNECTIONS,
        }),
      CONNECTIONS,
    ),
  );
  await settle(url);
  const amidShoppers = await measurePlacing({
    ...placing,
    label: 'place a 10-line order amid shoppers (reported)',
    customers: customers.slice(0, CONNECTIONS),
    durationSeconds: DURATION_SECONDS * 2,
  });
  await settle(url);
  for (const load of [...loads, amidShoppers]) console.log(formatBeside(load));

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
  return {
    orders,
    loads,
    reports,
    pdfSeconds,
    errors: [...loads, ...reports].reduce((sum, figure) => sum + figure.errors, 0),
  };
}

function toBudgets(figures: Figures, engine: Engine): Budget[] {
  return [
    ...figures.loads.map((load) =>
      checkBudget(`${load.label} p95 (${engine})`, load.p95, {
        atMost: load.label.startsWith('place')
          ? PLACING_BUDGET_MS
          : load.label === HOME_LABEL
            ? HOME_BUDGET_MS
            : P95_BUDGET_MS,
        unit: 'ms',
      }),
    ),
    ...figures.reports.map((timing) =>
      checkBudget(`${timing.label} p95 (${engine})`, timing.p95, { atMost: REPORT_BUDGET_MS, unit: 'ms' }),
    ),
    checkBudget(
      `PDF of ${PDF_INVOICES} invoices, slowest of ${PDF_RUNS} (${engine})`,
      Math.max(...figures.pdfSeconds),
      { atMost: PDF_BUDGET_S, unit: 's' },
    ),
    checkBudget(`orders errors under load (${engine})`, figures.errors, { atMost: 0, unit: '' }),
  ];
}

/**
 * Both engines over the large data set (large-engines.ts: BENCH_ORDERS_DATABASE_URL,
 * BENCH_ORDERS_DATA_DIR with BENCH_ORDERS_PGLITE, BENCH_ORDERS_ENGINES).
 */
export async function benchOrders(): Promise<Budget[]> {
  const measureOn = (engine: Engine) =>
    isMeasured('BENCH_ORDERS', engine)
      ? onLargeData('BENCH_ORDERS', engine, (url, orders) => benchEngine(url, engine, orders), {
          placesOrders: true,
        })
      : undefined;
  const pglite = await measureOn('PGlite');
  const postgres = await measureOn('PostgreSQL');
  if (pglite) {
    reportBesideBudgets(
      `PGlite, ${pglite.orders.toLocaleString('en-AU')} orders`,
      toBudgets(pglite, 'PGlite'),
    );
  }
  return postgres ? toBudgets(postgres, 'PostgreSQL') : [];
}
