import { createWindowLimiter, type ScriptedFailure } from '../../testing/stand-in-guards.ts';
import { MyobError, myobError } from './stand-in-http.ts';

export type { ScriptedFailure } from '../../testing/stand-in-guards.ts';

// What stands in front of the API at MYOB: the per-second limit on an API key (403 RateLimitError,
// no Retry-After, as MYOB answers it) and the failures a test scripts with failNext (a 503, a 429,
// a 504 GatewayTimeout, a 403 rate limit on purpose), on the stand-in's clock.

const rateLimited = (status: number, headers: Record<string, string> = {}) =>
  myobError(status, 'RateLimitError', 'API key has exceeded the per-second rate limit', {
    details: 'Header: x-myobapi-key',
    headers,
  });

export const createRateLimiter = (options: { callsPerSecond: number; now: () => number }) =>
  createWindowLimiter({
    limit: options.callsPerSecond,
    windowMs: 1000,
    now: options.now,
    refuse: () => rateLimited(403),
  });

/** The error a failNext failure answers: its own body, or MYOB's error list for its status. */
export function scriptedFailure(failure: ScriptedFailure, headers: Record<string, string>): MyobError {
  if (failure.body !== undefined) return new MyobError(failure.status, failure.body, headers);
  if (failure.status === 429 || failure.status === 403) return rateLimited(failure.status, headers);
  return myobError(failure.status, 'ServiceUnavailable', 'The service is unavailable (scripted)', {
    headers,
  });
}
