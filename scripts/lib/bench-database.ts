import pg from 'pg';

export const DEFAULT_BENCH_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A throw-away database on the PostgreSQL server at `serverUrl` (BENCH_DATABASE_URL or the local
 * one), or undefined when no server answers, so the PostgreSQL half of a bench can be skipped.
 */
export async function createBenchDatabase(
  serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_POSTGRES,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = `tradeport_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(`(PostgreSQL at ${serverUrl} not available: ${(error as Error).message}; skipping)`);
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
