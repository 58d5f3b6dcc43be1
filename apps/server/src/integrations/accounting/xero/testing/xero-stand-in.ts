import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNTING_PREFIX, accountingRoutes } from './stand-in-accounting.ts';
import {
  createFailureScript,
  createIdempotencyCache,
  createRateLimiter,
  type ScriptedFailure,
} from './stand-in-guards.ts';
import { type Exchange, notFound, problem, readBody, sendJson, XeroError } from './stand-in-http.ts';
import { oauthRoutes } from './stand-in-oauth.ts';
import { type Books, createStore } from './stand-in-store.ts';
import { createTokenStore, type Tenant } from './stand-in-tokens.ts';

// What a person does on the stand-in's consent page, for tests (over HTTP, as a browser would).
export { answerXeroConsentPage } from './stand-in-pages.ts';
export type { Tenant } from './stand-in-tokens.ts';

// A local stand-in for Xero, a real HTTP server: its OAuth 2 identity server (consent page, token
// and revocation endpoints), /connections, and the part of the Accounting API Tradeport uses, all
// on one origin. Tests and browser journeys point XERO_API_BASE at `url` and never reach the
// network. Its methods below are the test's hands on Xero's side: which organisations a login
// reaches, time passing, outages, consent withdrawn, and what the books now hold.

export const XERO_STAND_IN_CREDENTIALS = {
  clientId: 'XEROSTANDINCLIENTID0000000000000',
  clientSecret: 'xero-stand-in-client-secret',
};

/** The organisation a consent grants unless the test says otherwise (setTenants). */
export const DEFAULT_XERO_TENANT: Tenant = {
  tenantId: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  tenantName: 'Harbourside Wholesale Pty Ltd',
};

export type XeroStandInOptions = {
  port?: number;
  /** Xero's per-tenant minute limit (60). */
  callsPerMinute?: number;
  /** What consent grants until setTenants changes it. */
  tenants?: Tenant[];
};

export type XeroStandInRequest = {
  method: string;
  path: string;
  /** The query string, `?` included ('' without one): for assertions on `where`. */
  query: string;
  tenantId: string | null;
  idempotencyKey: string | null;
  at: Date;
};

/** The environment that points the server at this stand-in. */
export const xeroStandInEnv = (url: string) => ({
  XERO_CLIENT_ID: XERO_STAND_IN_CREDENTIALS.clientId,
  XERO_CLIENT_SECRET: XERO_STAND_IN_CREDENTIALS.clientSecret,
  XERO_API_BASE: url,
});

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

export async function startXeroStandIn(options: XeroStandInOptions = {}) {
  // The stand-in's clock: real time plus whatever the test has advanced it by.
  let offset = 0;
  const now = () => Date.now() + offset;
  let tenants = options.tenants ?? [DEFAULT_XERO_TENANT];
  let origin = '';
  const clients = new Map([[XERO_STAND_IN_CREDENTIALS.clientId, XERO_STAND_IN_CREDENTIALS.clientSecret]]);
  const tokens = createTokenStore({ clients, now, issuer: () => origin });
  const store = createStore();
  const failures = createFailureScript();
  const requests: XeroStandInRequest[] = [];
  const tokenRequests: Record<string, number> = { authorization_code: 0, refresh_token: 0 };
  const oauth = oauthRoutes({ tokens, clients, tenants: () => tenants, tokenRequests });
  const accounting = accountingRoutes({
    store,
    tokens,
    limiter: createRateLimiter({ callsPerMinute: options.callsPerMinute ?? 60, now }),
    idempotency: createIdempotencyCache(now),
    now,
  });

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    requests.push({
      method,
      path: url.pathname,
      query: url.search,
      tenantId: header(request, 'xero-tenant-id'),
      idempotencyKey: header(request, 'idempotency-key'),
      at: new Date(now()),
    });
    const exchange: Exchange = { request, response, method, url, body };
    if (oauth.identity(exchange)) return;
    const isApi =
      /^\/connections(\/|$)/.test(url.pathname) || url.pathname.startsWith(`${ACCOUNTING_PREFIX}/`);
    if (!isApi) throw notFound();
    // An outage at Xero answers before anything else is looked at.
    failures.next();
    if (oauth.connections(exchange) || accounting(exchange)) return;
    throw notFound();
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (error instanceof XeroError) return sendJson(response, error.status, error.body, error.headers);
      const failure = problem(500, `The stand-in failed: ${String(error)}`);
      sendJson(response, 500, failure.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A record kind of one tenant's books (the first tenant consent grants, unless named). */
  const records =
    <K extends 'contacts' | 'items' | 'invoices' | 'payments' | 'creditNotes'>(kind: K) =>
    (tenantId?: string): Books[K] =>
      (store.existing(tenantId ?? tenants[0]?.tenantId ?? '')?.[kind] ?? new Map()) as Books[K];

  return {
    url: origin,
    env: xeroStandInEnv(origin),
    credentials: XERO_STAND_IN_CREDENTIALS,
    /** Every request received, oldest first. */
    requests,
    /** Token endpoint calls by grant_type (failed ones too). */
    tokenRequests,
    /** Every consent exchanged for tokens: its connections and whether (when) it was revoked. */
    grants: tokens.grants,
    /** Every access and refresh token issued so far. */
    issuedTokens: tokens.issuedTokens,
    /** The organisations the next consent offers (all ticked). */
    setTenants(next: Tenant[]) {
      tenants = next;
    },
    now: () => new Date(now()),
    /** Time passes at Xero: tokens and codes expire, the minute window moves on. */
    advanceClock(ms: number) {
      offset += ms;
    },
    /** The next `count` API calls (/connections and the Accounting API) answer this instead. */
    failNext(count: number, failure: ScriptedFailure) {
      failures.add(count, failure);
    },
    /** The organisation withdrew consent at Xero: every token issued so far stops working. */
    revokeAll: () => tokens.revokeAll(),
    contacts: records('contacts'),
    items: records('items'),
    invoices: records('invoices'),
    payments: records('payments'),
    creditNotes: records('creditNotes'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type XeroStandIn = Awaited<ReturnType<typeof startXeroStandIn>>;
