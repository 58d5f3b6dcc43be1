import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { spentChallenges } from '../db/schema/index.ts';

/**
 * Records a solved challenge as spent; false when it already was. The ones that could no longer
 * verify anyway are dropped first, so the table holds only live signatures.
 */
export async function spendChallenge(
  db: Db,
  options: { signature: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  await db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, options.now));
  const inserted = await db
    .insert(spentChallenges)
    .values({ signature: options.signature, expiresAt: options.expiresAt })
    .onConflictDoNothing()
    .returning({ signature: spentChallenges.signature });
  return inserted.length > 0;
}
