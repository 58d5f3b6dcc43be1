import { loadavg } from 'node:os';
import { type Budget, checkBudget } from './budget.ts';
import { currentOrganisationId, getJson, LARGE_LOGINS, signIn } from './catalogue-data.ts';
import { measureRoutes, settle } from './bench-steps.ts';
import { type Engine, isMeasured, onLargeData, reportBesideBudgets } from './large-engines.ts';
import { formatBeside, type LoadResult, measureBeside } from './load.ts';
import { measureRecording, pickUnpaidOrders, statementPeriod, timeStatement } from './payments-data.ts';

// Issue 11's figures over the large data set's orders and payments (1,000,000 orders on
// PostgreSQL, budgets; fewer on PGlite, reported beside them): the outstanding list's first page
// and the payments overview for the last 30 days at 20 connections, recording a bank transfer
// against one or two of a customer's unpaid orders at 20 connections, and a customer's statement
// PDF of about 1,000 lines (the large customer, whose account has one order in 40).

const CONNECTIONS = 20;
const DURATION_SECONDS = 5;
const PAGE_SIZE = 50;
const P95_BUDGET_MS = 100;
/**
 * Unpaid orders picked for each recording worker before it starts: more than a worker records in
 * its 10 s at 20 ms a payment of 1.5 orders (the machine's best), so none runs dry.
 */
const ORDERS_PER_WORKER = 1_000;
const STATEMENT_LINES = 1_000;
const STATEMENT_RUNS = 3;

type Figures = {
  orders: number;
  loads: LoadResult[];
  ranOut: number;
  statement: { lines: number; seconds: number[] };
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
  const busyCustomer = await currentOrganisationId(customer);
  const { time_zone: timeZone } = await getJson<{ time_zone: string }>(
    merchant,
    `/organisations/${merchantId}`,
  );
  console.log(
    `\nPayments over ${orders.toLocaleString('en-AU')} orders, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each (${engine}; ${loadNow()})`,
  );
  const asMerchant = { authorization: `Bearer ${merchant.token}` };
  const routes = [
    {
      label: 'outstanding list, first page',
      target: `/payments/organisation/${merchantId}/outstanding?limit=${PAGE_SIZE}`,
    },
    {
      label: 'overview, last 30 days',
      target: `/payments/organisation/${merchantId}/overview?period=LAST_30_DAYS`,
    },
  ];
  const loads = await measureRoutes(
    url,
    routes.map((route) => ({ ...route, headers: asMerchant })),
    { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS },
  );

  const pickedAt = performance.now();
  const unpaid = await pickUnpaidOrders(merchant, merchantId, {
    workers: CONNECTIONS,
    perWorker: ORDERS_PER_WORKER,
    exceptCustomer: busyCustomer,
  });
  console.log(
    `(picked ${unpaid.orders.toLocaleString('en-AU')} unpaid orders for ${CONNECTIONS} workers in ${((performance.now() - pickedAt) / 1000).toFixed(1)} s)`,
  );
  const recording = await measureBeside(
    url,
    () =>
      measureRecording({
        label: 'record a bank transfer (1–2 orders)',
        merchant,
        merchantId,
        queues: unpaid.queues,
        paidOn: unpaid.today,
        durationSeconds: DURATION_SECONDS * 2,
      }),
    CONNECTIONS,
  );
  loads.push(recording);
  await settle(url);
  for (const load of loads) console.log(formatBeside(load));

  const period = await statementPeriod(merchant, {
    merchantId,
    customerOrganisationId: busyCustomer,
    today: unpaid.today,
    timeZone,
    lines: STATEMENT_LINES,
  });
  const lines = period.invoices + period.payments;
  const seconds: number[] = [];
  for (let run = 0; run < STATEMENT_RUNS; run++) {
    const pdf = await timeStatement(merchant, {
      merchantId,
      customerOrganisationId: busyCustomer,
      ...period,
    });
    console.log(
      `GET …/customers/{cid}/statement ${period.from} to ${period.to}, ${lines} lines (${period.invoices} invoices, ` +
        `${period.payments} payments): ${pdf.seconds.toFixed(2)} s to the last byte, ${(pdf.bytes / 1024).toFixed(0)} KB` +
        `${pdf.isOk ? '' : `  — FAILED: ${pdf.status}`}`,
    );
    seconds.push(pdf.isOk ? pdf.seconds : Number.POSITIVE_INFINITY);
  }
  console.log(`(${engine} done; ${loadNow()})`);
  return {
    orders,
    loads,
    ranOut: recording.ranOut,
    statement: { lines, seconds },
    errors: loads.reduce((sum, load) => sum + load.errors, 0),
  };
}

function toBudgets(figures: Figures, engine: Engine): Budget[] {
  const slowest = Math.max(...figures.statement.seconds);
  console.log(
    `Statement of ${figures.statement.lines} lines (${engine}): slowest of ${STATEMENT_RUNS} ${slowest.toFixed(2)} s (no budget)`,
  );
  return [
    ...figures.loads.map((load) =>
      checkBudget(`${load.label} p95 (${engine})`, load.p95, { atMost: P95_BUDGET_MS, unit: 'ms' }),
    ),
    checkBudget(`recording workers out of orders (${engine})`, figures.ranOut, { atMost: 0, unit: '' }),
    checkBudget(
      `statement PDF failures (${engine})`,
      figures.statement.seconds.filter((s) => !Number.isFinite(s)).length,
      {
        atMost: 0,
        unit: '',
      },
    ),
    checkBudget(`payments errors under load (${engine})`, figures.errors, { atMost: 0, unit: '' }),
  ];
}

/**
 * Both engines over the large data set (large-engines.ts: BENCH_PAYMENTS_DATABASE_URL,
 * BENCH_PAYMENTS_DATA_DIR with BENCH_PAYMENTS_PGLITE, BENCH_PAYMENTS_POSTGRESQL for fewer orders,
 * BENCH_PAYMENTS_ENGINES). The data set is changed by the run (payments recorded): a database
 * named in the environment is left paid that much more.
 */
export async function benchPayments(): Promise<Budget[]> {
  const measureOn = (engine: Engine) =>
    isMeasured('BENCH_PAYMENTS', engine)
      ? onLargeData('BENCH_PAYMENTS', engine, (url, orders) => benchEngine(url, engine, orders))
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
