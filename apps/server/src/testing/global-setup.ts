import pg from 'pg';

/** With DATABASE_URL set, fail fast with a clear message if PostgreSQL is not answering. */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
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
