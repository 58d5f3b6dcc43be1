import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
// Arbitrary constant shared by every API process: only one of them migrates at a time.
const MIGRATION_LOCK_ID = 727_274_001;

let newestMigration: { folderMillis: number } | undefined | null = null;

/** The newest migration on disk (read, and hashed, once per process). */
function newestOnDisk() {
  if (newestMigration === null) newestMigration = readMigrationFiles({ migrationsFolder }).at(-1);
  return newestMigration;
}

/**
 * True when the newest migration on disk is already applied (start-up on an existing database
 * then costs one query instead of the migrator's DDL round trips); false on a new database.
 * Throws when the database does not answer.
 */
export async function schemaIsCurrent(database: Database): Promise<boolean> {
  await database.ping();
  return isUpToDate(database);
}

async function isUpToDate(database: Database): Promise<boolean> {
  const newest = newestOnDisk();
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
  // Several API processes may start against one PostgreSQL at once: one migrates (drizzle runs
  // the pending migrations in one transaction), the others wait and then find nothing to do.
  await database.exclusively(MIGRATION_LOCK_ID, () =>
    migrateNodePg(database.db as unknown as Parameters<typeof migrateNodePg>[0], { migrationsFolder }),
  );
}
