import type { Db } from './db/client.ts';
import { AppError } from './errors.ts';
import { decrementHits, deleteEarlierWindows, incrementHits } from './rate-limit.queries.ts';

export type RateLimitRule = { name: string; limit: number; windowMs: number };

/** One counted attempt, which the caller may take back when it turns out not to count (a success). */
export type ConsumedAttempt = { refund(): Promise<void> };

/**
 * Counts one attempt against `rule` for `subject` in a fixed window kept in the database, so
 * every API process shares the count. Past the limit: 429 RATE_LIMITED.
 */
export async function consumeRateLimit(options: {
  db: Db;
  rule: RateLimitRule;
  subject: string;
  now: Date;
}): Promise<ConsumedAttempt> {
  const { db, rule } = options;
  const key = `${rule.name}:${options.subject}`;
  const windowStart = new Date(Math.floor(options.now.getTime() / rule.windowMs) * rule.windowMs);
  const count = await incrementHits(db, { key, windowStart });
  if (count === 1) {
    // A new window for this key: earlier windows of the same key are finished, drop them.
    await deleteEarlierWindows(db, { key, before: windowStart });
  }
  if (count > rule.limit) {
    const minutes = Math.ceil(rule.windowMs / 60_000);
    throw new AppError('RATE_LIMITED', `Too many attempts. Please wait ${minutes} minutes and try again.`);
  }
  // Counted up front (not after the outcome is known) so concurrent attempts cannot all slip in
  // under the limit; the refund goes to the window the attempt was counted in.
  return { refund: () => decrementHits(db, { key, windowStart }) };
}
