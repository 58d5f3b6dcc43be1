import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from '../lib/bench-database.ts';
import { startServer } from '../lib/server-process.ts';
import { type Budget, checkBudget } from './budget.ts';
import { firstLoadJs } from './first-load.ts';
import { formatLoad, measure } from './load.ts';

type Engine = 'PGlite' | 'PostgreSQL';

async function signInDemoMerchant(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'merchant@demo.test', password: 'demo-password-1' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** users/current against a bare route and a one-query route of the same server, in one run. */
async function benchAuthOverhead(url: string, engine: Engine): Promise<Budget[]> {
  const accessToken = await signInDemoMerchant(url);
  console.log(
    `\nGET /api/v1/users/current vs a bare route, same server, 10 connections, 8 s each (${engine})`,
  );
  await measure({ label: 'warm-up', url: `${url}/api/v1/environment`, durationSeconds: 2 });
  const bare = await measure({ label: 'GET /api/v1/environment (bare)', url: `${url}/api/v1/environment` });
  const health = await measure({ label: 'GET /api/v1/health (one DB query)', url: `${url}/api/v1/health` });
  const current = await measure({
    label: 'GET /api/v1/users/current (authenticated)',
    url: `${url}/api/v1/users/current`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  for (const result of [bare, health, current]) console.log(formatLoad(result));
  const ratio = (current.requestsPerSecond / bare.requestsPerSecond) * 100;
  // What our own code adds on top of one database round trip (auth, query shape, serialisation).
  const overOneQuery = (current.requestsPerSecond / health.requestsPerSecond) * 100;
  console.log(`ratio authenticated / bare: ${ratio.toFixed(1)} %`);
  console.log(`ratio authenticated / one-query route: ${overOneQuery.toFixed(1)} %`);
  return [
    checkBudget(`users/current req/s vs bare (${engine})`, ratio, { atLeast: 70, unit: '%' }),
    checkBudget(`errors under load (${engine})`, bare.errors + health.errors + current.errors, {
      atMost: 0,
      unit: '',
    }),
  ];
}

async function benchFirstLoad(url: string): Promise<Budget> {
  const bundle = await firstLoadJs(url, '/sign-in');
  console.log(
    `\n/sign-in first-load JS in Chromium until network idle: ${(bundle.bytes / 1024).toFixed(1)} KB gzip`,
  );
  for (const script of bundle.scripts.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${(script.bytes / 1024).toFixed(1).padStart(6)} KB  ${script.url}`);
  }
  return checkBudget('/sign-in first-load JS (gzip)', bundle.bytes / 1024, { atMost: 150, unit: 'KB' });
}

/** Issue 2's figures: auth overhead against a bare route, first-load JS, restart time. */
export async function benchFoundation(): Promise<Budget[]> {
  const budgets: Budget[] = [];

  // Owned here, not by the server process, so it survives the stop and the restarts reuse it.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tradeport-bench-'));
  const first = await startServer({ dataDir });
  try {
    budgets.push(...(await benchAuthOverhead(first.url, 'PGlite')));
  } finally {
    await first.stop();
  }

  const postgres = await createBenchDatabase();
  if (postgres) {
    const server = await startServer({ env: { DATABASE_URL: postgres.url } });
    try {
      budgets.push(...(await benchAuthOverhead(server.url, 'PostgreSQL')));
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
