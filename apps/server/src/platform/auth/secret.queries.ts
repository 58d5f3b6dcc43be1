import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

/**
 * Stores `candidate` under `name` unless a value is already there, and answers the stored value.
 * Processes starting together race on the insert; the first wins and all read back its value.
 */
export async function storeSecretOnce(db: Db, options: { name: string; candidate: string }): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: options.name, value: options.candidate })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, options.name));
  if (!row) throw new Error(`The ${options.name} secret was neither stored nor found.`);
  return row.value;
}
