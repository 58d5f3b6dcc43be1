import { createStandIn } from '../../testing/stand-in-server.ts';
import { headerOf } from '../../testing/stand-in-wire.ts';
import { ACCOUNTING_PREFIX, accountingRoutes } from './stand-in-accounting.ts';
import { createIdempotencyCache, createRateLimiter, scriptedFailure } from './stand-in-guards.ts';
import { notFound, problem, sendJson } from './stand-in-http.ts';
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

export async function startXeroStandIn(options: XeroStandInOptions = {}) {
  const standIn = createStandIn({ scriptedFailure });
  const { now, failures } = standIn;
  let tenants = options.tenants ?? [DEFAULT_XERO_TENANT];
  const clients = new Map([[XERO_STAND_IN_CREDENTIALS.clientId, XERO_STAND_IN_CREDENTIALS.clientSecret]]);
  const tokens = createTokenStore({ clients, now, issuer: standIn.origin });
  const store = createStore();
  const tokenRequests: Record<string, number> = { authorization_code: 0, refresh_token: 0 };
  const oauth = oauthRoutes({ tokens, clients, tenants: () => tenants, tokenRequests });
  const accounting = accountingRoutes({
    store,
    tokens,
    limiter: createRateLimiter({ callsPerMinute: options.callsPerMinute ?? 60, now }),
    idempotency: createIdempotencyCache(now),
    now,
  });

  const server = await standIn.listen({
    port: options.port,
    sendJson,
    log: ({ request, method, url }, at): XeroStandInRequest => ({
      method,
      path: url.pathname,
      query: url.search,
      tenantId: headerOf(request, 'xero-tenant-id'),
      idempotencyKey: headerOf(request, 'idempotency-key'),
      at,
    }),
    route(exchange) {
      if (oauth.identity(exchange)) return;
      const path = exchange.url.pathname;
      const isApi = /^\/connections(\/|$)/.test(path) || path.startsWith(`${ACCOUNTING_PREFIX}/`);
      if (!isApi) throw notFound();
      // An outage at Xero answers before anything else is looked at.
      failures.next();
      if (oauth.connections(exchange) || accounting(exchange)) return;
      throw notFound();
    },
    crash: (message) => problem(500, message),
  });

  /** A record kind of one tenant's books (the first tenant consent grants, unless named). */
  const records =
    <K extends 'contacts' | 'items' | 'invoices' | 'payments' | 'creditNotes'>(kind: K) =>
    (tenantId?: string): Books[K] =>
      (store.existing(tenantId ?? tenants[0]?.tenantId ?? '')?.[kind] ?? new Map()) as Books[K];

  return {
    ...server,
    env: xeroStandInEnv(server.url),
    credentials: XERO_STAND_IN_CREDENTIALS,
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
    /** The organisation withdrew consent at Xero: every token issued so far stops working. */
    revokeAll: () => tokens.revokeAll(),
    contacts: records('contacts'),
    items: records('items'),
    invoices: records('invoices'),
    payments: records('payments'),
    creditNotes: records('creditNotes'),
  };
}

export type XeroStandIn = Awaited<ReturnType<typeof startXeroStandIn>>;
