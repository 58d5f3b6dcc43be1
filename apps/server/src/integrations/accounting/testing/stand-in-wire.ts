import type { IncomingMessage, ServerResponse } from 'node:http';

// The HTTP plumbing every accounting stand-in shares: reading a request, writing JSON and HTML,
// and the error a handler throws for any answer other than success. What each provider's bodies
// look like (Xero's problem documents, Intuit's Fault, MYOB's Errors list) stays with the provider.

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export type JsonSender = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
) => void;

/** A provider's sendJson: the same but for the content type its API writes. */
export const jsonSender =
  (contentType: string): JsonSender =>
  (response, status, body, headers = {}) => {
    response.writeHead(status, { 'content-type': contentType, ...headers });
    response.end(body === undefined ? '' : JSON.stringify(body));
  };

export function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

/** Any answer other than success: thrown by the handlers, written by the server's catch. */
export class StandInError extends Error {
  constructor(
    provider: string,
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${provider} stand-in answered ${status}`);
  }
}

/** One request as the routers see it: the body already read (every route is small). */
export type Exchange = {
  request: IncomingMessage;
  response: ServerResponse;
  method: string;
  url: URL;
  body: string;
};

/** A request header sent once, or null. */
export const headerOf = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

/** The body as a JSON object, or null when it is not one (the provider answers with its own refusal). */
export function jsonObjectOf(body: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // not JSON: null below
  }
  return null;
}
