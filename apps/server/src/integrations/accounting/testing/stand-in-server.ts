import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFailureScript, type ScriptedFailure } from './stand-in-guards.ts';
import { type Exchange, type JsonSender, readBody, StandInError } from './stand-in-wire.ts';

// The server under every accounting stand-in: its clock, the requests it logs, the failures a
// test scripts, and a real HTTP server on 127.0.0.1 that reads each request and writes whatever
// StandInError a handler throws. The routes, and what each request logs, are the provider's.

/**
 * A stand-in before it listens: its clock (real time plus whatever the test has advanced it by)
 * and its failure script, for the provider's token store, limits and routes to be made with.
 * `scriptedFailure` makes the error for a failNext failure, given its Retry-After header if any.
 */
export function createStandIn(options: {
  scriptedFailure: (failure: ScriptedFailure, headers: Record<string, string>) => Error;
}) {
  let offset = 0;
  const now = () => Date.now() + offset;
  const failures = createFailureScript(options.scriptedFailure);
  let origin = '';

  /**
   * Listens (on `port`, any free one unless given) and answers each request with `route`, after
   * logging it with `log`. A thrown StandInError is the answer; anything else is a 500 with the
   * body of `crash`. Returns the test's hands common to every stand-in, for the provider to add to.
   */
  async function listen<Logged>(server: {
    port?: number;
    sendJson: JsonSender;
    log: (exchange: Exchange, at: Date) => Logged;
    route: (exchange: Exchange) => void;
    crash: (message: string) => StandInError;
  }) {
    const requests: Logged[] = [];
    const http = createServer((request, response) => {
      const answer = async () => {
        const url = new URL(request.url ?? '/', origin);
        const method = request.method ?? 'GET';
        const exchange: Exchange = { request, response, method, url, body: await readBody(request) };
        requests.push(server.log(exchange, new Date(now())));
        server.route(exchange);
      };
      answer().catch((error: unknown) => {
        if (error instanceof StandInError) {
          return server.sendJson(response, error.status, error.body, error.headers);
        }
        server.sendJson(response, 500, server.crash(`The stand-in failed: ${String(error)}`).body);
      });
    });
    await new Promise<void>((resolve) => http.listen(server.port ?? 0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    return {
      url: origin,
      /** Every request received, oldest first. */
      requests,
      now: () => new Date(now()),
      /** Time passes at the provider: tokens and codes expire, rate-limit windows move on. */
      advanceClock(ms: number) {
        offset += ms;
      },
      /** The next `count` API calls (not the OAuth endpoints) answer this instead. */
      failNext(count: number, failure: ScriptedFailure) {
        failures.add(count, failure);
      },
      close: () =>
        new Promise<void>((resolve, reject) => {
          http.closeAllConnections();
          http.close((error) => (error ? reject(error) : resolve()));
        }),
    };
  }

  return {
    now,
    failures,
    /** Where the stand-in listens ('' until it does). */
    origin: () => origin,
    listen,
  };
}
