import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/db/client.ts';
import { migrateDatabase } from '../platform/db/migrate.ts';
import { createServices } from '../platform/services.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Moves the clock the app sees (tokens, expiry checks). */
  setNow(date: Date): void;
  close(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const name = `tradeport_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await migrateDatabase(database);
  return {
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const silentLog = { info() {}, warn() {}, error() {} };

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
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
  const app = await buildApp({ ...services.deps, logger: false, webDistDir: '/nonexistent' });
  await app.ready();
  await services.startWorkers();
  return {
    app,
    database,
    setNow: (date) => {
      now = date;
    },
    close: async () => {
      await app.close();
      await services.stop();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
