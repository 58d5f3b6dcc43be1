import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// Both drivers answer raw SQL with `{ rows }`.
type Rows<T> = { rows: T[] };

/**
 * How many of our migrations the database has applied; undefined when it has no migrations table,
 * i.e. it is not a Tradeport database. A restore runs this to show that what it loaded opens.
 */
export async function countAppliedMigrations(db: Db): Promise<number | undefined> {
  const [table] = (
    (await db.execute(
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
    )) as unknown as Rows<{ exists: boolean }>
  ).rows;
  if (!table?.exists) return undefined;
  const [row] = (
    (await db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as unknown as Rows<{
      count: number;
    }>
  ).rows;
  return row?.count ?? 0;
}

/** Sessions on this database other than ours: a server still running would be among them. */
export async function countOtherSessions(db: Db): Promise<number> {
  const [row] = (
    (await db.execute(
      sql`select count(*)::int as count from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
    )) as unknown as Rows<{ count: number }>
  ).rows;
  return row?.count ?? 0;
}
