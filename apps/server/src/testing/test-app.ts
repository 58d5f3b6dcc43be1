import type { AppDeps } from '../app-deps.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createMyobProvider } from '../integrations/accounting/myob/myob-provider.ts';
import { loadConfig } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/db/client.ts';
import type { Jobs } from '../platform/jobs/jobs.ts';
import { createServices } from '../platform/services.ts';
import {
  createPostgresTestDatabase,
  databaseUrl,
  dropPostgresDatabase,
  openPreparedPglite,
} from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The app's job queue, to queue a job as a request would (`sendInTransaction`). */
  jobs: Jobs;
  /** What the app's modules are built from, to call a service no endpoint exposes (the sync's token). */
  deps: AppDeps;
  /** Moves the clock the app sees (tokens, expiry checks). */
  setNow(date: Date): void;
  close(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (dropped again on close). Each is a copy of the
 * one the global setup migrated, so a file does not pay for initdb and migrations itself.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPreparedPglite();
    return { database, drop: () => database.close() };
  }
  const name = await createPostgresTestDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 4 });
  return {
    database,
    async drop() {
      // A test may have closed it already (to see how the app answers without a database); the
      // copy must go regardless, or every run leaves one behind on the server.
      await database.close().catch(() => {});
      await dropPostgresDatabase(serverUrl, name);
    },
  };
}

export type TestAppOptions = {
  /**
   * Start the job workers (mail delivery), as main.ts does; default off. Jobs are queued either
   * way (the outbox row and its job commit with the change); only a test that waits for a job to
   * run needs workers, and idle workers poll the database all through the file otherwise.
   */
  workers?: boolean;
  /**
   * Calls a second the app makes to MYOB on its API key: MYOB's own 8 unless said. A test of what
   * the sync sends, not of its pace, raises it (with its MYOB stand-in's limit) so that its calls
   * do not wait their turn; myob-provider.test.ts's pacing test keeps a pace it can see.
   */
  myobCallsPerSecond?: number;
};

const silentLog = { info() {}, warn() {}, error() {} };

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  let now = new Date();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tradeport-api-test-'));
  const config = loadConfig({
    ENVIRONMENT: 'PRODUCTION',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    APP_URL: 'http://tradeport.test',
    ...env,
  });
  const services = await createServices({
    config,
    database,
    signingSecret: 'test-secret-that-is-long-enough-1234567890',
    log: silentLog,
    now: () => now,
    jobsPollingIntervalSeconds: 0.5,
  });
  const myob = config.accounting?.myob;
  if (options.myobCallsPerSecond && myob) {
    const callsPerSecond = options.myobCallsPerSecond;
    services.deps.accounting.myob = createMyobProvider(myob, { now: () => now, callsPerSecond });
  }
  const app = await buildApp({ ...services.deps, logger: false, webDistDir: '/nonexistent' });
  await app.ready();
  if (options.workers) await services.startWorkers();
  return {
    app,
    database,
    jobs: services.jobs,
    deps: services.deps,
    setNow: (date) => {
      now = date;
    },
    close: async () => {
      try {
        await app.close();
        await services.stop();
      } finally {
        await drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
