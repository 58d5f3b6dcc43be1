import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from '../lib/bench-database.ts';
import { freePort, startServer } from '../lib/server-process.ts';
import { printRouteMetrics } from './route-metrics.ts';
import { type Budget, checkBudget } from './budget.ts';
import { firstLoadJs } from './first-load.ts';
import { formatLoad, type LoadOptions, type LoadResult, measure } from './load.ts';

type Engine = 'PGlite' | 'PostgreSQL';

/**
 * Each route in turn, 2 s at a time, four times over: a ratio between routes then compares
 * stretches of the same minute, not whatever else the machine was doing in each one's 8 s.
 */
async function measureInterleaved<K extends string>(
  targets: Record<K, LoadOptions>,
  rounds = 4,
): Promise<Record<K, LoadResult>> {
  const names = Object.keys(targets) as K[];
  const runs = new Map<K, LoadResult[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) runs.get(name)!.push(await measure({ ...targets[name], durationSeconds: 2 }));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const combine = (name: K, results: LoadResult[]): LoadResult => ({
    label: targets[name].label,
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length,
    p50: median(results.map((r) => r.p50)),
    p95: Math.max(...results.map((r) => r.p95)),
    p975: Math.max(...results.map((r) => r.p975)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  });
  return Object.fromEntries(names.map((name) => [name, combine(name, runs.get(name)!)])) as Record<
    K,
    LoadResult
  >;
}

type Session = { authorization: string; organisationId: string };

/** The demo merchant's Admin, signed in, and the merchant they act for. */
async function signInDemoMerchant(url: string): Promise<Session> {
  const response = await fetch(`${url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'merchant@demo.test', password: 'demo-password-1' }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  const authorization = `Bearer ${access_token}`;
  const current = (await (
    await fetch(`${url}/api/v1/users/current`, { headers: { authorization } })
  ).json()) as { organisations: { id: string; invitation_accepted: boolean; active: boolean }[] };
  const organisation = current.organisations.find((o) => o.invitation_accepted && o.active);
  if (!organisation) throw new Error('the demo merchant has no organisation to read');
  return { authorization, organisationId: organisation.id };
}

/**
 * What authorisation costs, in one run of one server: a bare route, /health (one query), an
 * authenticated tenant-scoped single-row read (GET organisations/{id}: the session, the access
 * rule's membership read, the row) and users/current beside it. Membership is read from the
 * database on every request, so the budget is that it costs about one round trip: the tenant
 * read keeps at least 45 % of /health's rate on PostgreSQL.
 */
export async function benchAuthorisation(url: string, engine: Engine): Promise<Budget[]> {
  const session = await signInDemoMerchant(url);
  const headers = { authorization: session.authorization };
  const organisationUrl = `${url}/api/v1/organisations/${session.organisationId}`;
  console.log(
    `\nAuthorisation against one query, same server, 10 connections, 4 × 2 s each, interleaved (${engine})`,
  );
  // Every pooled connection prepares the statements it runs once; the warm-up pays for that.
  await measure({ label: 'warm-up', url: `${url}/api/v1/environment`, durationSeconds: 2 });
  await measure({ label: 'warm-up', url: organisationUrl, headers, durationSeconds: 2 });
  await measure({ label: 'warm-up', url: `${url}/api/v1/users/current`, headers, durationSeconds: 2 });
  const { bare, health, organisation, current } = await measureInterleaved({
    bare: { label: 'GET /api/v1/environment (bare)', url: `${url}/api/v1/environment` },
    health: { label: 'GET /api/v1/health (one DB query)', url: `${url}/api/v1/health` },
    organisation: { label: 'GET /api/v1/organisations/{id} (tenant)', url: organisationUrl, headers },
    current: {
      label: 'GET /api/v1/users/current (authenticated)',
      url: `${url}/api/v1/users/current`,
      headers,
    },
  });
  for (const result of [bare, health, organisation, current]) console.log(formatLoad(result));
  const percentOf = (result: LoadResult, base: LoadResult) =>
    (result.requestsPerSecond / base.requestsPerSecond) * 100;
  const tenantRead = percentOf(organisation, health);
  console.log(`ratio organisations/{id} / one-query route: ${tenantRead.toFixed(1)} %`);
  console.log(`ratio users/current / one-query route: ${percentOf(current, health).toFixed(1)} %`);
  console.log(`ratio users/current / bare: ${percentOf(current, bare).toFixed(1)} %`);
  const errors = bare.errors + health.errors + organisation.errors + current.errors;
  return [
    // PGlite answers one query at a time in-process, so only PostgreSQL's ratio says what a
    // round trip costs; PGlite's is printed above for comparison.
    ...(engine === 'PostgreSQL'
      ? [
          checkBudget(`organisations/{id} req/s vs /health (${engine})`, tenantRead, {
            atLeast: 45,
            unit: '%',
          }),
        ]
      : []),
    checkBudget(`errors under load (${engine})`, errors, { atMost: 0, unit: '' }),
  ];
}

export async function benchFirstLoad(url: string): Promise<Budget> {
  const bundle = await firstLoadJs(url, '/sign-in');
  console.log(
    `\n/sign-in first-load JS in Chromium until network idle: ${(bundle.bytes / 1024).toFixed(1)} KB gzip`,
  );
  for (const script of bundle.scripts.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${(script.bytes / 1024).toFixed(1).padStart(6)} KB  ${script.url}`);
  }
  return checkBudget('/sign-in first-load JS (gzip)', bundle.bytes / 1024, { atMost: 150, unit: 'KB' });
}

/** The foundation's figures: what authorisation costs, first-load JS, restart time. */
export async function benchFoundation(): Promise<Budget[]> {
  const budgets: Budget[] = [];

  // Owned here, not by the server process, so it survives the stop and the restarts reuse it.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tradeport-bench-'));
  const firstMetrics = await freePort();
  const first = await startServer({ dataDir, env: { METRICS_PORT: String(firstMetrics) } });
  try {
    budgets.push(...(await benchAuthorisation(first.url, 'PGlite')));
    await printRouteMetrics(`http://127.0.0.1:${firstMetrics}/metrics`, 'PGlite');
  } finally {
    await first.stop();
  }

  const postgres = await createBenchDatabase();
  if (postgres) {
    const metricsPort = await freePort();
    const server = await startServer({
      env: { DATABASE_URL: postgres.url, METRICS_PORT: String(metricsPort) },
    });
    try {
      budgets.push(...(await benchAuthorisation(server.url, 'PostgreSQL')));
      await printRouteMetrics(`http://127.0.0.1:${metricsPort}/metrics`, 'PostgreSQL');
    } finally {
      await server.stop();
      await postgres.drop();
    }
  }

  // Median of three restarts on the data dir the PGlite load run left behind; the browser
  // measurement runs on the last one, after the timing, so Chromium does not skew it.
  const startups: number[] = [];
  for (let run = 0; run < 3; run++) {
    const restart = await startServer({ dataDir });
    startups.push(restart.startupMs);
    try {
      if (run === 2) budgets.push(await benchFirstLoad(restart.url));
    } finally {
      await restart.stop();
    }
  }
  const startup = startups.sort((a, b) => a - b)[1]!;
  console.log(`\nstart-up on an existing data dir (spawn → healthy), median of 3: ${startup.toFixed(0)} ms`);
  budgets.push(checkBudget('start-up on existing data dir', startup, { atMost: 2000, unit: 'ms' }));
  await rm(dataDir, { recursive: true, force: true });
  return budgets;
}
