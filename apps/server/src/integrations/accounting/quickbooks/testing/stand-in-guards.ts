import { gatewayFault, QuickBooksError } from './stand-in-http.ts';

// What stands in front of the Accounting API at Intuit: the per-realm minute limit (429
// ThrottleExceeded), replays of writes sent again with the same `requestid`, and the failures a
// test scripts with failNext (a 503, a 429 on purpose), each on the stand-in's clock.

const MINUTE_MS = 60_000;

export type ScriptedFailure = { status: number; body?: unknown; retryAfter?: number };
export type Answer = { status: number; body: unknown };

/** A sliding minute per realm. */
export function createRateLimiter(options: { callsPerMinute: number; now: () => number }) {
  const calls = new Map<string, number[]>();
  return {
    take(realmId: string) {
      const now = options.now();
      const recent = (calls.get(realmId) ?? []).filter((at) => at > now - MINUTE_MS);
      calls.set(realmId, recent);
      if (recent.length >= options.callsPerMinute) {
        const retryAfter = Math.max(1, Math.ceil((recent[0]! + MINUTE_MS - now) / 1000));
        throw gatewayFault(429, '3001', 'ThrottleExceeded', 'The request limit was reached.', {
          'retry-after': String(retryAfter),
        });
      }
      recent.push(now);
    },
  };
}

/** `requestid`: the first answer per realm and id is kept, and a repeat gets it again without the write running twice. */
export function createRequestIdCache() {
  const answers = new Map<string, Answer>();
  return {
    run(realmId: string, requestId: string | null, write: () => Answer): Answer & { replayed: boolean } {
      if (!requestId) return { ...write(), replayed: false };
      const key = `${realmId} ${requestId}`;
      const seen = answers.get(key);
      if (seen) return { ...seen, replayed: true };
      let answer: Answer;
      try {
        answer = write();
      } catch (error) {
        if (!(error instanceof QuickBooksError) || error.status >= 500) throw error;
        answer = { status: error.status, body: error.body };
      }
      answers.set(key, answer);
      return { ...answer, replayed: false };
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
      const headers: Record<string, string> = {};
      if (failure.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter);
      if (failure.body !== undefined) throw new QuickBooksError(failure.status, failure.body, headers);
      if (failure.status === 429) {
        throw gatewayFault(429, '3001', 'ThrottleExceeded', 'The request limit was reached.', headers);
      }
      if (failure.status === 401)
        throw gatewayFault(401, '3200', 'AuthenticationFailed', 'Token expired', headers);
      throw gatewayFault(
        failure.status,
        '10000',
        'An application error has occurred',
        'Service unavailable (scripted)',
        headers,
      );
    },
  };
}
