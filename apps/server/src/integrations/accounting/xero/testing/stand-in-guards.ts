import {
  createReplayCache,
  createWindowLimiter,
  type ScriptedFailure,
} from '../../testing/stand-in-guards.ts';
import { problem, XeroError } from './stand-in-http.ts';

export type { ScriptedFailure } from '../../testing/stand-in-guards.ts';

// What stands in front of the Accounting API at Xero: the per-tenant minute limit (429 with
// Retry-After), replays of writes sent again with the same Idempotency-Key, and the failures a
// test scripts with failNext (an outage, a 503, a 429 on purpose), each on the stand-in's clock.

const MINUTE_MS = 60_000;
const IDEMPOTENCY_MS = 24 * 60 * 60_000;

/** A sliding minute per tenant: the calls answered in the last 60 s of the clock. */
export const createRateLimiter = (options: { callsPerMinute: number; now: () => number }) =>
  createWindowLimiter({
    limit: options.callsPerMinute,
    windowMs: MINUTE_MS,
    now: options.now,
    // Xero's 429 when the minute is already full (the call not counted).
    refuse: (retryAfter) =>
      problem(429, `Rate limit exceeded: ${options.callsPerMinute} calls a minute for this organisation`, {
        'retry-after': String(retryAfter),
        'x-rate-limit-problem': 'minute',
        'x-minlimit-remaining': '0',
      }),
  });

/**
 * Writes with an Idempotency-Key: the first answer is kept for 24 hours per tenant and key, and a
 * repeat gets it again without the write running twice (a client retrying after a lost answer).
 * Xero's refusals (validation) are answers too; a repeat gets the same refusal.
 */
export const createIdempotencyCache = (now: () => number) =>
  createReplayCache({ now, ttlMs: IDEMPOTENCY_MS });

/** The error a failNext failure answers: its own body, or a problem document. */
export function scriptedFailure(failure: ScriptedFailure, headers: Record<string, string>): XeroError {
  if (failure.status === 429) headers['x-rate-limit-problem'] = 'minute';
  if (failure.body !== undefined) return new XeroError(failure.status, failure.body, headers);
  const detail = failure.status === 429 ? 'Rate limit exceeded' : 'The service is unavailable (scripted)';
  return problem(failure.status, detail, headers);
}
