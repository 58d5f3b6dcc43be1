import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
// Arbitrary constant shared by every API process: only one of them migrates at a time.
const MIGRATION_LOCK_ID = 727_274_001;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the two migrators take their own driver types.
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  // Several API processes may start against one PostgreSQL at once. The advisory lock is held
  // by the transaction that runs the migrations, so the others wait and then find nothing to do.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    await migrateNodePg(tx as any, { migrationsFolder });
  });
}
