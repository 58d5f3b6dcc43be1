import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { rateLimitHits } from './db/schema/index.ts';

/** Adds one to the key's count in this window and answers the new count. */
export async function incrementHits(db: Db, options: { key: string; windowStart: Date }): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: options.key, windowStart: options.windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  return row?.count ?? 0;
}

/** Takes one back from the key's count in that window (never below zero). */
export async function decrementHits(db: Db, options: { key: string; windowStart: Date }): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`${rateLimitHits.count} - 1` })
    .where(
      and(
        eq(rateLimitHits.key, options.key),
        eq(rateLimitHits.windowStart, options.windowStart),
        gt(rateLimitHits.count, 0),
      ),
    );
}

/** Drops the key's finished windows. */
export async function deleteEarlierWindows(db: Db, options: { key: string; before: Date }): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.key, options.key), lt(rateLimitHits.windowStart, options.before)));
}
