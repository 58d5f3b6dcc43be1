import { startServer } from '../lib/server-process.ts';
import { type Budget, checkBudget } from './budget.ts';
import { firstLoadJs } from './first-load.ts';
import { formatLoad, measure } from './load.ts';

/** Issue 2's figures: auth overhead against a bare route, first-load JS, restart time. */
export async function benchFoundation(): Promise<Budget[]> {
  const budgets: Budget[] = [];

  const first = await startServer();
  try {
    const signIn = await fetch(`${first.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'merchant@demo.test', password: 'demo-password-1' }),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };

    console.log(
      '\nGET /api/v1/users/current vs a bare route, same server, 10 connections, 8 s each (PGlite)',
    );
    await measure({ label: 'warm-up', url: `${first.url}/api/v1/environment`, durationSeconds: 2 });
    const bare = await measure({
      label: 'GET /api/v1/environment (bare)',
      url: `${first.url}/api/v1/environment`,
    });
    const current = await measure({
      label: 'GET /api/v1/users/current (authenticated)',
      url: `${first.url}/api/v1/users/current`,
      headers: { authorization: `Bearer ${access_token}` },
    });
    console.log(formatLoad(bare));
    console.log(formatLoad(current));
    const ratio = current.requestsPerSecond / bare.requestsPerSecond;
    console.log(`ratio authenticated / bare: ${(ratio * 100).toFixed(1)} %`);
    budgets.push(checkBudget('users/current req/s vs bare route', ratio * 100, { atLeast: 70, unit: '%' }));
    budgets.push(checkBudget('users/current errors', current.errors + bare.errors, { atMost: 0, unit: '' }));

    const bundle = await firstLoadJs(first.url, '/sign-in');
    console.log(
      `\n/sign-in first-load JS in Chromium until network idle: ${(bundle.bytes / 1024).toFixed(1)} KB gzip`,
    );
    for (const script of bundle.scripts.sort((a, b) => b.bytes - a.bytes)) {
      console.log(`  ${(script.bytes / 1024).toFixed(1).padStart(6)} KB  ${script.url}`);
    }
    budgets.push(
      checkBudget('/sign-in first-load JS (gzip)', bundle.bytes / 1024, { atMost: 150, unit: 'KB' }),
    );
  } finally {
    await first.stop();
  }

  const restart = await startServer({ dataDir: first.dataDir });
  await restart.stop();
  console.log(`\nstart-up on an existing data dir (spawn → healthy): ${restart.startupMs.toFixed(0)} ms`);
  budgets.push(checkBudget('start-up on existing data dir', restart.startupMs, { atMost: 2000, unit: 'ms' }));

  return budgets;
}
