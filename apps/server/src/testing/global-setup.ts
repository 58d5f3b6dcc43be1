import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  createPostgresTemplate,
  dropPostgresDatabase,
  dumpPreparedPglite,
  PGLITE_DUMP_ENV,
  POSTGRES_TEMPLATE_ENV,
} from './test-database.ts';

/**
 * Migrates one database for the whole run; each test file copies it (see test-database.ts).
 * The variables set here reach the test workers, which start after this runs.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = await mkdtemp(path.join(tmpdir(), 'tradeport-test-template-'));
    const dumpPath = path.join(dir, 'pglite.tar');
    await writeFile(dumpPath, Buffer.from(await (await dumpPreparedPglite()).arrayBuffer()));
    process.env[PGLITE_DUMP_ENV] = dumpPath;
    return async () => {
      delete process.env[PGLITE_DUMP_ENV];
      await rm(dir, { recursive: true, force: true });
    };
  }

  await assertPostgresAnswers(url);
  const template = await createPostgresTemplate(url);
  process.env[POSTGRES_TEMPLATE_ENV] = template;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await dropPostgresDatabase(url, template);
  };
}

/** With DATABASE_URL set, fail fast with a clear message if PostgreSQL is not answering. */
async function assertPostgresAnswers(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`DATABASE_URL is set but PostgreSQL did not answer: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
