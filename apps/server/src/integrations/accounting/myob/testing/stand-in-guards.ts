import { MyobError, myobError } from './stand-in-http.ts';

// What stands in front of the API at MYOB: the per-second limit on an API key (403 RateLimitError,
// no Retry-After, as MYOB answers it) and the failures a test scripts with failNext (a 503, a 429,
// a 504 GatewayTimeout, a 403 rate limit on purpose), on the stand-in's clock.

export type ScriptedFailure = { status: number; body?: unknown; retryAfter?: number };

export function createRateLimiter(options: { callsPerSecond: number; now: () => number }) {
  const calls = new Map<string, number[]>();
  return {
    take(apiKey: string) {
      const now = options.now();
      const recent = (calls.get(apiKey) ?? []).filter((at) => at > now - 1000);
      calls.set(apiKey, recent);
      if (recent.length >= options.callsPerSecond) {
        throw myobError(403, 'RateLimitError', 'API key has exceeded the per-second rate limit', {
          details: 'Header: x-myobapi-key',
        });
      }
      recent.push(now);
    },
  };
}

export function createFailureScript() {
  const queue: ScriptedFailure[] = [];
  return {
    add(count: number, failure: ScriptedFailure) {
      for (let index = 0; index < count; index += 1) queue.push(failure);
    },
    next() {
      const failure = queue.shift();
      if (!failure) return;
      const headers: Record<string, string> =
        failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
      if (failure.body !== undefined) throw new MyobError(failure.status, failure.body, headers);
      if (failure.status === 429 || failure.status === 403) {
        throw myobError(failure.status, 'RateLimitError', 'API key has exceeded the per-second rate limit', {
          details: 'Header: x-myobapi-key',
          headers,
        });
      }
      throw myobError(failure.status, 'ServiceUnavailable', 'The service is unavailable (scripted)', {
        headers,
      });
    },
    get pending() {
      return queue.length;
    },
  };
}
