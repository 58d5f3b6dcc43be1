import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../platform/db/client.ts';
import { migrateDatabase } from '../platform/db/migrate.ts';
import { createJobs } from '../platform/jobs/jobs.ts';

// Building a database from nothing (PGlite's initdb, our migrations, pg-boss's schema) costs
// seconds; copying a finished one costs a fraction of that. The server project's global setup
// builds one per run and says where through these variables, which its test workers inherit.

/** Path of a `dumpDataDir()` tarball of a migrated PGlite database. */
export const PGLITE_DUMP_ENV = 'TRADEPORT_TEST_PGLITE_DUMP';
/** Name of a migrated database on the DATABASE_URL server, to copy with CREATE DATABASE … TEMPLATE. */
export const POSTGRES_TEMPLATE_ENV = 'TRADEPORT_TEST_POSTGRES_TEMPLATE';

const quietJobsLog = { warn() {}, error() {} };

/** Everything a test database needs before its first test: our tables and pg-boss's. */
export async function prepareDatabase(database: Database): Promise<void> {
  await migrateDatabase(database);
  // pg-boss installs its schema on its first start; later starts only check its version.
  const jobs = await createJobs(database, { log: quietJobsLog });
  await jobs.start();
  await jobs.stop();
}

/** A migrated in-memory PGlite database, as a tarball that `openDatabase({ loadDataDir })` starts from. */
export async function dumpPreparedPglite(): Promise<Blob> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await prepareDatabase(database);
    // drizzle keeps the driver's client; Database hides it because nothing else needs it.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // Uncompressed: loading it is the cost paid per test file, and gzip makes that slower.
    return await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

export async function openPreparedPglite(): Promise<Database> {
  const dumpPath = process.env[PGLITE_DUMP_ENV];
  if (!dumpPath) {
    // Outside the test runner's global setup (a script): build one from nothing.
    const database = await openDatabase({ kind: 'pglite' });
    await prepareDatabase(database);
    return database;
  }
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([await readFile(dumpPath)]) });
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export function newDatabaseName(purpose: 'test' | 'template'): string {
  return `tradeport_${purpose}_${randomUUID().replaceAll('-', '')}`;
}

/**
 * Creates and prepares the template the test files copy. It refuses connections afterwards:
 * PostgreSQL will not copy a database that has any, and no test should write to it by mistake.
 */
export async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = newDatabaseName('template');
  await withAdmin(serverUrl, (admin) => admin.query(`create database ${name}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 2 });
  try {
    await prepareDatabase(database);
  } finally {
    await database.close();
  }
  await withAdmin(serverUrl, (admin) => admin.query(`alter database ${name} with allow_connections false`));
  return name;
}

// SQLSTATE 55006 object_in_use: "source database … is being accessed by other users".
const OBJECT_IN_USE = '55006';

/** A new database for one test file: a copy of the run's template, or migrated from nothing without one. */
export async function createPostgresTestDatabase(serverUrl: string): Promise<string> {
  const name = newDatabaseName('test');
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (!template) {
    await withAdmin(serverUrl, (admin) => admin.query(`create database ${name}`));
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 2 });
    try {
      await prepareDatabase(database);
    } finally {
      await database.close();
    }
    return name;
  }
  // Copies from one template may run at once; only a connection to the template itself blocks
  // them, which it refuses. Retry briefly anyway, should one be closing as we start.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdmin(serverUrl, (admin) => admin.query(`create database ${name} template ${template}`));
      return name;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}
