import {
  createReplayCache,
  createWindowLimiter,
  type ScriptedFailure,
} from '../../testing/stand-in-guards.ts';
import { gatewayFault, QuickBooksError } from './stand-in-http.ts';

export type { ScriptedFailure } from '../../testing/stand-in-guards.ts';

// What stands in front of the Accounting API at Intuit: the per-realm minute limit (429
// ThrottleExceeded), replays of writes sent again with the same `requestid`, and the failures a
// test scripts with failNext (a 503, a 429 on purpose), each on the stand-in's clock.

const MINUTE_MS = 60_000;

const throttled = (headers: Record<string, string>) =>
  gatewayFault(429, '3001', 'ThrottleExceeded', 'The request limit was reached.', headers);

/** A sliding minute per realm. */
export const createRateLimiter = (options: { callsPerMinute: number; now: () => number }) =>
  createWindowLimiter({
    limit: options.callsPerMinute,
    windowMs: MINUTE_MS,
    now: options.now,
    refuse: (retryAfter) => throttled({ 'retry-after': String(retryAfter) }),
  });

/** `requestid`: the first answer per realm and id is kept, and a repeat gets it again without the write running twice. */
export const createRequestIdCache = () => createReplayCache();

/** The error a failNext failure answers: its own body, or the gateway's fault for its status. */
export function scriptedFailure(failure: ScriptedFailure, headers: Record<string, string>): QuickBooksError {
  if (failure.body !== undefined) return new QuickBooksError(failure.status, failure.body, headers);
  if (failure.status === 429) return throttled(headers);
  if (failure.status === 401)
    return gatewayFault(401, '3200', 'AuthenticationFailed', 'Token expired', headers);
  return gatewayFault(
    failure.status,
    '10000',
    'An application error has occurred',
    'Service unavailable (scripted)',
    headers,
  );
}
