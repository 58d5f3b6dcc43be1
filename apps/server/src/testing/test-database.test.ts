import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-app.ts';
import { PGLITE_DUMP_ENV, POSTGRES_TEMPLATE_ENV } from './test-database.ts';

type Rows<T> = { rows: T[] };

describe('test databases', () => {
  it('are copies of the one the global setup prepared, not built per file', () => {
    // Without these a test file would silently fall back to building its own, seconds slower.
    const variable = process.env.DATABASE_URL ? POSTGRES_TEMPLATE_ENV : PGLITE_DUMP_ENV;
    expect(process.env[variable]).toBeTruthy();
  });

  it('arrive migrated, with the job queue installed and the trigram extension loaded', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const migrations = (await database.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )) as unknown as Rows<{ count: number }>;
      expect(migrations.rows[0]!.count).toBeGreaterThan(0);
      const boss = (await database.db.execute(
        sql`select to_regclass('pgboss.job') is not null as installed`,
      )) as unknown as Rows<{ installed: boolean }>;
      expect(boss.rows[0]!.installed).toBe(true);
      const trigrams = (await database.db.execute(
        sql`select similarity('milk', 'milks') > 0.5 as close`,
      )) as unknown as Rows<{
        close: boolean;
      }>;
      expect(trigrams.rows[0]!.close).toBe(true);
    } finally {
      await drop();
    }
  });

  it('are independent of each other', async () => {
    const first = await openTestDatabase();
    const second = await openTestDatabase();
    try {
      await first.database.db.execute(sql`create table only_in_first (id int)`);
      const seen = (await second.database.db.execute(
        sql`select to_regclass('only_in_first') is not null as present`,
      )) as unknown as Rows<{ present: boolean }>;
      expect(seen.rows[0]!.present).toBe(false);
    } finally {
      await first.drop();
      await second.drop();
    }
  });
});
