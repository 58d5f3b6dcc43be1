import { API_PREFIX, buildPath, type Endpoint, type EndpointInput, endpoints } from '@tradeport/contract';
import { vi } from 'vitest';
import { jsonResponse } from './render-routes.tsx';

export type FakeRequest = {
  method: string;
  path: string;
  url: string;
  /** The path parameters by the contract's names, when the request matched a route for any params. */
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};
export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

type ParamsOf<E extends Endpoint> = NonNullable<EndpointInput<E>['params']>;

/**
 * The key a stub answers on, made from the contract's endpoint as the client makes its URL:
 * `route(getProduct, { id })` is "GET /api/v1/products/<id>", and `route(getProduct)` answers any id
 * (the handler reads them from `request.params`). A path changed in the contract moves the stub
 * with it, instead of leaving a "METHOD /path" string that no request reaches any more.
 */
export function route<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>): string {
  if (params === undefined || !endpoint.params) return `${endpoint.method} ${API_PREFIX}${endpoint.path}`;
  // Through the endpoint's schema, as the client does: ids in lower case.
  const parsed = endpoint.params.parse(params) as Record<string, string | number>;
  return `${endpoint.method} ${API_PREFIX}${buildPath(endpoint.path, parsed)}`;
}

type Pattern = { key: string; method: string; regex: RegExp; placeholders: number };

function patternOf(key: string): Pattern {
  const [method = '', path = ''] = key.split(' ');
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return { key, method, regex: new RegExp(`^${source}$`), placeholders: path.split('{').length - 1 };
}

function paramsIn(pattern: Pattern, method: string, path: string): Record<string, string> | undefined {
  if (pattern.method !== method) return undefined;
  const match = pattern.regex.exec(path);
  if (!match) return undefined;
  return Object.fromEntries(
    Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
  );
}

// Every call the contract declares, to refuse a key under the API that no endpoint answers.
const CONTRACT_PATTERNS = endpoints.map((endpoint) => patternOf(route(endpoint)));

function assertInContract(key: string): void {
  const [method = '', path = ''] = key.split(' ');
  const isDeclared = CONTRACT_PATTERNS.some(
    (pattern) => pattern.key === key || paramsIn(pattern, method, path) !== undefined,
  );
  if (!isDeclared) throw new Error(`No contract endpoint answers "${key}"; build stub keys with route().`);
}

/**
 * The handler for a call: the key naming its exact path, else the route for any params with the
 * fewest placeholders (`/customers/house-accounts` before `/customers/{cid}`).
 */
function handlerFor(routes: Record<string, FakeHandler>, patterns: Pattern[], method: string, path: string) {
  const exact = routes[`${method} ${path}`];
  if (exact) return { handler: exact, params: {} };
  for (const pattern of patterns) {
    const params = paramsIn(pattern, method, path);
    if (params) return { handler: routes[pattern.key]!, params };
  }
  return undefined;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * A stand-in for `fetch` that answers from `routes`, keyed by `route(endpoint, params?)`; any other
 * call is a 404 in the API's error shape. `outside` answers addresses the contract does not declare
 * ("PUT /put/abc", a presigned storage URL), named apart so a stale API path cannot hide among them.
 * Tests install it with vi.stubGlobal('fetch', …).
 */
export function fakeFetch(
  apiRoutes: Record<string, FakeHandler>,
  options: { outside?: Record<string, FakeHandler> } = {},
) {
  Object.keys(apiRoutes).forEach(assertInContract);
  const routes = { ...apiRoutes, ...options.outside };
  const patterns = Object.keys(routes)
    .filter((key) => key.includes('{'))
    .map(patternOf)
    .sort((a, b) => a.placeholders - b.placeholders);
  const requests: FakeRequest[] = [];
  const stub = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const found = handlerFor(routes, patterns, method, pathname);
    const request: FakeRequest = {
      method,
      path: pathname,
      url,
      params: found?.params ?? {},
      query: searchParams,
      body: parseBody(init?.body),
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    if (!found)
      return jsonResponse(404, { error_code: 'NOT_FOUND', message: `No stub for ${method} ${pathname}` });
    return found.handler(request);
  });
  return { stub, requests, requestsTo: requestsOf(requests) };
}

/** `requestsTo(route(endpoint, params?))`: what was sent there, oldest first. */
export function requestsOf(requests: readonly FakeRequest[]) {
  return (key: string): FakeRequest[] => {
    const pattern = patternOf(key);
    return requests.filter((request) => paramsIn(pattern, request.method, request.path) !== undefined);
  };
}

/** A handler that always answers `status` with `body` as JSON. */
export const answer =
  (status: number, body: unknown): FakeHandler =>
  () =>
    jsonResponse(status, body);
