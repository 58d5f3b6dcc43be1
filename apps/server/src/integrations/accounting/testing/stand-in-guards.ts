import { StandInError } from './stand-in-wire.ts';

// What stands in front of every accounting stand-in's API, the mechanics only: the failures a
// test scripts with failNext, a sliding-window rate limit, and replays of writes sent again with
// the same key. The answers each gives (status, headers, body) are the provider's.

export type ScriptedFailure = { status: number; body?: unknown; retryAfter?: number };

/**
 * The failures the next API calls answer, in order (the test's failNext). `answer` makes the
 * error for one, given the Retry-After header when the failure has one.
 */
export function createFailureScript(
  answer: (failure: ScriptedFailure, headers: Record<string, string>) => Error,
) {
  const queue: ScriptedFailure[] = [];
  return {
    add(count: number, failure: ScriptedFailure) {
      for (let index = 0; index < count; index += 1) queue.push(failure);
    },
    /** Throws the next scripted failure, if any is left. */
    next() {
      const failure = queue.shift();
      if (!failure) return;
      const headers: Record<string, string> = {};
      if (failure.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter);
      throw answer(failure, headers);
    },
    get pending() {
      return queue.length;
    },
  };
}

/**
 * At most `limit` calls per key in any `windowMs` of the clock. A call over it is not counted and
 * throws `refuse(retryAfter)`, the whole seconds until the window has room again.
 */
export function createWindowLimiter(options: {
  limit: number;
  windowMs: number;
  now: () => number;
  refuse: (retryAfter: number) => Error;
}) {
  const calls = new Map<string, number[]>();
  return {
    take(key: string): { remaining: number } {
      const now = options.now();
      const recent = (calls.get(key) ?? []).filter((at) => at > now - options.windowMs);
      calls.set(key, recent);
      if (recent.length >= options.limit) {
        throw options.refuse(Math.max(1, Math.ceil((recent[0]! + options.windowMs - now) / 1000)));
      }
      recent.push(now);
      return { remaining: options.limit - recent.length };
    },
  };
}

export type Answer = { status: number; body: unknown };

/**
 * Writes sent with a key (Idempotency-Key, requestid): the first answer is kept per scope and key
 * (for `ttlMs`, forever unless given), and a repeat gets it again without the write running twice.
 * Refusals below 500 are answers too: a repeat gets the same refusal.
 */
export function createReplayCache(options: { now?: () => number; ttlMs?: number } = {}) {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? Infinity;
  const answers = new Map<string, Answer & { at: number }>();
  return {
    run(scope: string, key: string | null, write: () => Answer): Answer & { replayed: boolean } {
      if (!key) return { ...write(), replayed: false };
      const cacheKey = `${scope} ${key}`;
      const seen = answers.get(cacheKey);
      if (seen && now() - seen.at < ttlMs) return { status: seen.status, body: seen.body, replayed: true };
      let answer: Answer;
      try {
        answer = write();
      } catch (error) {
        if (!(error instanceof StandInError) || error.status >= 500) throw error;
        answer = { status: error.status, body: error.body };
      }
      answers.set(cacheKey, { ...answer, at: now() });
      return { ...answer, replayed: false };
    },
  };
}
