import { problem, XeroError } from './stand-in-http.ts';

// What stands in front of the Accounting API at Xero: the per-tenant minute limit (429 with
// Retry-After), replays of writes sent again with the same Idempotency-Key, and the failures a
// test scripts with failNext (an outage, a 503, a 429 on purpose), each on the stand-in's clock.

const MINUTE_MS = 60_000;
const IDEMPOTENCY_MS = 24 * 60 * 60_000;

export type ScriptedFailure = { status: number; body?: unknown; retryAfter?: number };

/** A sliding minute per tenant: the calls answered in the last 60 s of the clock. */
export function createRateLimiter(options: { callsPerMinute: number; now: () => number }) {
  const calls = new Map<string, number[]>();
  return {
    /** Counts the call, or throws Xero's 429 when the minute is already full (not counting it). */
    take(tenantId: string): { remaining: number } {
      const now = options.now();
      const recent = (calls.get(tenantId) ?? []).filter((at) => at > now - MINUTE_MS);
      calls.set(tenantId, recent);
      if (recent.length >= options.callsPerMinute) {
        const retryAfter = Math.max(1, Math.ceil((recent[0]! + MINUTE_MS - now) / 1000));
        throw problem(
          429,
          `Rate limit exceeded: ${options.callsPerMinute} calls a minute for this organisation`,
          {
            'retry-after': String(retryAfter),
            'x-rate-limit-problem': 'minute',
            'x-minlimit-remaining': '0',
          },
        );
      }
      recent.push(now);
      return { remaining: options.callsPerMinute - recent.length };
    },
  };
}

export type Answer = { status: number; body: unknown };

/**
 * Writes with an Idempotency-Key: the first answer is kept for 24 hours per tenant and key, and a
 * repeat gets it again without the write running twice (a client retrying after a lost answer).
 */
export function createIdempotencyCache(now: () => number) {
  const answers = new Map<string, Answer & { at: number }>();
  return {
    run(tenantId: string, key: string | null, write: () => Answer): Answer & { replayed: boolean } {
      if (!key) return { ...write(), replayed: false };
      const cacheKey = `${tenantId} ${key}`;
      const seen = answers.get(cacheKey);
      if (seen && now() - seen.at < IDEMPOTENCY_MS)
        return { status: seen.status, body: seen.body, replayed: true };
      let answer: Answer;
      try {
        answer = write();
      } catch (error) {
        // Xero's refusals (validation) are answers too; a repeat gets the same refusal.
        if (!(error instanceof XeroError) || error.status >= 500) throw error;
        answer = { status: error.status, body: error.body };
      }
      answers.set(cacheKey, { ...answer, at: now() });
      return { ...answer, replayed: false };
    },
  };
}

/** The failures the next API calls answer, in order (the test's failNext). */
export function createFailureScript() {
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
      if (failure.status === 429) headers['x-rate-limit-problem'] = 'minute';
      if (failure.body !== undefined) throw new XeroError(failure.status, failure.body, headers);
      const detail = failure.status === 429 ? 'Rate limit exceeded' : 'The service is unavailable (scripted)';
      throw problem(failure.status, detail, headers);
    },
    get pending() {
      return queue.length;
    },
  };
}
