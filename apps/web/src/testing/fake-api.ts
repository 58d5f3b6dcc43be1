import { vi } from 'vitest';
import { jsonResponse } from './render-routes.tsx';

export type FakeRequest = { method: string; path: string; url: string; body: unknown; headers: Headers };
export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * A stand-in for `fetch` that answers "METHOD /path" (query string ignored) from `routes`; anything
 * else is a 404 in the API's error shape. Tests install it with vi.stubGlobal('fetch', …).
 */
export function fakeFetch(routes: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const stub = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const request = { method, path, url, body: parseBody(init?.body), headers: new Headers(init?.headers) };
    requests.push(request);
    const handler = routes[`${method} ${path}`];
    if (!handler)
      return jsonResponse(404, { error_code: 'NOT_FOUND', message: `No route ${method} ${path}` });
    return handler(request);
  });
  /** The requests made to "METHOD /path", in order. */
  const requestsTo = (key: string) =>
    requests.filter((request) => `${request.method} ${request.path}` === key);
  return { stub, requests, requestsTo };
}

/** A handler that always answers `status` with `body` as JSON. */
export const answer =
  (status: number, body: unknown): FakeHandler =>
  () =>
    jsonResponse(status, body);
