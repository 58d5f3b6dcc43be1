import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
// Arbitrary constant shared by every API process: only one of them migrates at a time.
const MIGRATION_LOCK_ID = 727_274_001;

/**
 * True when the newest migration on disk is already applied. Start-up on an existing database
 * then costs one query instead of the migrator's DDL round trips.
 */
async function isUpToDate(database: Database): Promise<boolean> {
  const newest = readMigrationFiles({ migrationsFolder }).at(-1);
  if (!newest) return true;
  try {
    // Both drivers answer raw SQL with `{ rows }`.
    const result = (await database.db.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: { created_at: string | number }[] };
    const lastApplied = Number(result.rows[0]?.created_at ?? 0);
    return lastApplied >= newest.folderMillis;
  } catch {
    return false; // no migrations table yet: a new database
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (await isUpToDate(database)) return;
  if (database.kind === 'pglite') {
    // Each migrator takes its own driver's database type; ours is the common PgDatabase.
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
    return;
  }
  // Several API processes may start against one PostgreSQL at once. The advisory lock is held
  // by the transaction that runs the migrations, so the others wait and then find nothing to do.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await migrateNodePg(tx as unknown as Parameters<typeof migrateNodePg>[0], { migrationsFolder });
  });
}
