import { mkdtemp, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { seedDemo } from '../../seed/demo.ts';
import {
  createPostgresTestDatabase,
  databaseUrl,
  dropPostgresDatabase,
  newDatabaseName,
} from '../../testing/test-database.ts';
import { startOrderWriter, tableChecksums } from './backup.testing.ts';
import { runBackup, runRestore } from './backup-commands.ts';

// Runs in every test run, DATABASE_URL or not: the PostgreSQL path shells out to pg_dump and
// pg_restore, which nothing else exercises. Its databases are its own, on the server of
// DATABASE_URL when set, else the local one.
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

let root: string;
const created: string[] = [];
let source: string;
const log = () => {};

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL backup tests need a PostgreSQL server at ${new URL(serverUrl).host} (DATABASE_URL, ` +
        `else 127.0.0.1:5432 as user postgres): ${(error as Error).message}`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function emptyDatabase(): Promise<string> {
  const name = newDatabaseName('test');
  await withAdmin((admin) => admin.query(`create database ${name}`));
  created.push(name);
  return name;
}

async function checksumsOf(name: string) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 1 });
  try {
    return await tableChecksums(database.db);
  } finally {
    await database.close();
  }
}

async function withDatabase<T>(name: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 2 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const configFor = (name: string) => ({ dataDir: '/nonexistent', databaseUrl: databaseUrl(serverUrl, name) });

beforeAll(async () => {
  await withAdmin((admin) => admin.query('select 1'));
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-backup-pg-'));
  source = await createPostgresTestDatabase(serverUrl);
  created.push(source);
  await withDatabase(source, (database) => seedDemo(database.db, new Date('2025-03-14T09:26:53Z')));
});

afterAll(async () => {
  for (const name of created) await dropPostgresDatabase(serverUrl, name);
  if (root) await rm(root, { recursive: true, force: true });
});

// pg_dump and pg_restore of the demo database several times over: seconds, more on a busy machine.
describe('PostgreSQL backup and restore', { timeout: 60_000 }, () => {
  it('round-trips every table into a new database, and back over a changed one', async () => {
    const backedUp = await checksumsOf(source);
    expect(backedUp['public.orders']!.count).toBeGreaterThan(0);
    expect(backedUp['pgboss.version']!.count).toBe(1);
    expect(backedUp['drizzle.__drizzle_migrations']!.count).toBeGreaterThan(30);
    const file = path.join(root, 'round-trip.pgdump');
    await runBackup({ config: configFor(source), file, log });
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const target = await emptyDatabase();
    await runRestore({ config: configFor(target), file, log });
    expect(await checksumsOf(target)).toEqual(backedUp);

    // Over the source itself, changed since: --clean puts back what the backup held.
    await withDatabase(source, async (database) => {
      const writer = startOrderWriter(database);
      while (writer.committed() < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      await writer.stop();
      await database.db.execute(sql`update organisations set title = title || ' (changed)'`);
    });
    expect(await checksumsOf(source)).not.toEqual(backedUp);
    await runRestore({ config: configFor(source), file, log });
    expect(await checksumsOf(source)).toEqual(backedUp);
  });

  it('restores all or nothing: a damaged backup leaves the database as it was', async () => {
    const file = path.join(root, 'damaged.pgdump');
    await runBackup({ config: configFor(source), file, log });
    const target = await emptyDatabase();
    await runRestore({ config: configFor(target), file, log });
    const before = await checksumsOf(target);
    await withDatabase(target, (database) =>
      database.db.execute(sql`update organisations set title = 'kept'`),
    );
    const changed = await checksumsOf(target);

    // Cut off inside the table data, after the table of contents pg_restore reads first.
    await truncate(file, Math.floor((await stat(file)).size * 0.6));
    await expect(runRestore({ config: configFor(target), file, log })).rejects.toThrow(/^pg_restore failed/);
    expect(await checksumsOf(target)).toEqual(changed);
    expect(changed).not.toEqual(before);
  });

  it('says what is missing when pg_dump is not there, and leaves no file', async () => {
    const file = path.join(root, 'no-tool.pgdump');
    await expect(
      runBackup({
        config: configFor(source),
        file,
        env: { ...process.env, PG_DUMP: '/nonexistent/pg_dump' },
        log,
      }),
    ).rejects.toThrow(
      /\/nonexistent\/pg_dump was not found\. Install the PostgreSQL client tools.*set PG_DUMP/,
    );
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    await expect(stat(`${file}.partial`)).rejects.toThrow(/ENOENT/);
  });

  it("passes on pg_dump's own reason when it fails, without the password", async () => {
    const url = new URL(databaseUrl(serverUrl, 'tradeport_no_such_database'));
    url.password = 'secret-in-url';
    const file = path.join(root, 'failed.pgdump');
    const failure = runBackup({
      config: { dataDir: '/nonexistent', databaseUrl: url.toString() },
      file,
      log,
    });
    await expect(failure).rejects.toThrow(/^pg_dump failed \(exit code 1\):\n.*tradeport_no_such_database/);
    await expect(failure).rejects.not.toThrow(/secret-in-url/);
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
  });

  it('refuses an embedded-database backup', async () => {
    const file = path.join(root, 'pglite.tar.gz');
    await writeFile(file, Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
    await expect(runRestore({ config: configFor(source), file, log })).rejects.toThrow(
      /is an embedded-database \(PGlite\) backup: unset DATABASE_URL/,
    );
  });
});
