import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Sent back on every answer, and accepted from a proxy that already named the request. */
export const REQUEST_ID_HEADER = 'x-request-id';

// A proxy's id is kept only when it is short and plain: it is written into every log line.
const ACCEPTABLE_ID = /^[\w.:-]{8,64}$/;

/**
 * Fastify's genReqId: the id pino puts on each of the request's log lines, sent back in the
 * X-Request-Id header and in every error body, so a person quoting it leads support to the lines.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}
