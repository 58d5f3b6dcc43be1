import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { rateLimitHits } from './db/schema/index.ts';
import { AppError } from './errors.ts';

export type RateLimitRule = { name: string; limit: number; windowMs: number };

/**
 * Counts one attempt against `rule` for `subject` in a fixed window kept in the database, so
 * every API process shares the count. Past the limit: 429 RATE_LIMITED.
 */
export async function consumeRateLimit(options: {
  db: Db;
  rule: RateLimitRule;
  subject: string;
  now: Date;
}): Promise<void> {
  const { rule } = options;
  const windowStart = new Date(Math.floor(options.now.getTime() / rule.windowMs) * rule.windowMs);
  const [row] = await options.db
    .insert(rateLimitHits)
    .values({ key: `${rule.name}:${options.subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  if (row?.count === 1) {
    // A new window for this key: earlier windows of the same key are finished, drop them.
    await options.db
      .delete(rateLimitHits)
      .where(
        sql`${rateLimitHits.key} = ${`${rule.name}:${options.subject}`} and ${rateLimitHits.windowStart} < ${windowStart}`,
      );
  }
  if ((row?.count ?? 0) > rule.limit) {
    const minutes = Math.ceil(rule.windowMs / 60_000);
    throw new AppError('RATE_LIMITED', `Too many attempts. Please wait ${minutes} minutes and try again.`);
  }
}
