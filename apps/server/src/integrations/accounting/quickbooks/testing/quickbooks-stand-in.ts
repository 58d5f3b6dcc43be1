import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, apiRoutes } from './stand-in-api.ts';
import { type Books, createBooks, type Entity, type StandInCompany } from './stand-in-company.ts';
import {
  createFailureScript,
  createRateLimiter,
  createRequestIdCache,
  type ScriptedFailure,
} from './stand-in-guards.ts';
import {
  type Exchange,
  gatewayFault,
  notFound,
  QuickBooksError,
  readBody,
  sendJson,
} from './stand-in-http.ts';
import { oauthRoutes } from './stand-in-oauth.ts';
import { createTokenStore } from './stand-in-tokens.ts';

export { answerQuickBooksConsentPage } from './stand-in-pages.ts';
export type { StandInCompany } from './stand-in-company.ts';

// A local stand-in for QuickBooks Online, a real HTTP server: Intuit's OAuth 2 (consent page,
// token and revoke endpoints) and the part of the Accounting API v3 Tradeport uses, all on one
// origin. Tests and browser journeys point QUICKBOOKS_API_BASE at `url` and never reach the
// network. Its methods are the test's hands on Intuit's side: which companies a login offers,
// time passing, outages, consent withdrawn, and what each company's books now hold.

export const QUICKBOOKS_STAND_IN_CREDENTIALS = {
  clientId: 'ABstandinQuickBooksClientId000000000000000000',
  clientSecret: 'quickbooks-stand-in-client-secret',
};

export const DEFAULT_QUICKBOOKS_COMPANY: StandInCompany = {
  realmId: '9341452836474923',
  companyName: 'Harbourside Wholesale Pty Ltd',
};

export type QuickBooksStandInOptions = {
  port?: number;
  callsPerMinute?: number;
  companies?: StandInCompany[];
};

export type QuickBooksStandInRequest = { method: string; path: string; query: URLSearchParams; at: Date };

export const quickBooksStandInEnv = (url: string) => ({
  QUICKBOOKS_CLIENT_ID: QUICKBOOKS_STAND_IN_CREDENTIALS.clientId,
  QUICKBOOKS_CLIENT_SECRET: QUICKBOOKS_STAND_IN_CREDENTIALS.clientSecret,
  QUICKBOOKS_API_BASE: url,
});

export async function startQuickBooksStandIn(options: QuickBooksStandInOptions = {}) {
  let offset = 0;
  const now = () => Date.now() + offset;
  let companies = options.companies ?? [DEFAULT_QUICKBOOKS_COMPANY];
  const realms = new Map<string, Books>();
  const booksOf = (realmId: string) => {
    const company = companies.find((candidate) => candidate.realmId === realmId);
    if (!company) return realms.get(realmId);
    if (!realms.has(realmId)) realms.set(realmId, createBooks(company));
    return realms.get(realmId);
  };
  const clients = new Map([
    [QUICKBOOKS_STAND_IN_CREDENTIALS.clientId, QUICKBOOKS_STAND_IN_CREDENTIALS.clientSecret],
  ]);
  const tokens = createTokenStore(now);
  const failures = createFailureScript();
  const requests: QuickBooksStandInRequest[] = [];
  const tokenRequests: Record<string, number> = { authorization_code: 0, refresh_token: 0 };
  const oauth = oauthRoutes({ tokens, clients, companies: () => companies, tokenRequests });
  const api = apiRoutes({
    books: booksOf,
    tokens,
    limiter: createRateLimiter({ callsPerMinute: options.callsPerMinute ?? 500, now }),
    requestIds: createRequestIdCache(),
  });
  let origin = '';

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    requests.push({ method, path: url.pathname, query: url.searchParams, at: new Date(now()) });
    const exchange: Exchange = { request, response, method, url, body };
    if (oauth(exchange)) return;
    if (!url.pathname.startsWith(API_PREFIX)) throw notFound();
    // An outage at Intuit answers before anything else is looked at.
    failures.next();
    if (api(exchange)) return;
    throw notFound();
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (error instanceof QuickBooksError)
        return sendJson(response, error.status, error.body, error.headers);
      const failure = gatewayFault(
        500,
        '10000',
        'An application error has occurred',
        `The stand-in failed: ${String(error)}`,
      );
      sendJson(response, 500, failure.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** One kind of record of a company's books (the first company, unless named), by Id. */
  const records =
    (kind: 'Customer' | 'Item' | 'Invoice' | 'Payment' | 'CreditMemo') =>
    (realmId?: string): Map<string, Entity> =>
      booksOf(realmId ?? companies[0]?.realmId ?? '')?.[kind] ?? new Map();

  return {
    url: origin,
    env: quickBooksStandInEnv(origin),
    credentials: QUICKBOOKS_STAND_IN_CREDENTIALS,
    /** Every request received, oldest first. */
    requests,
    /** Token endpoint calls by grant_type. */
    tokenRequests,
    /** Every consent exchanged for tokens: its company and whether (when) it was revoked. */
    grants: tokens.grants,
    /** The companies the next consent offers (the first chosen by default). */
    setCompanies(next: StandInCompany[]) {
      companies = next;
    },
    now: () => new Date(now()),
    /** Time passes at Intuit: tokens and codes expire, the minute window moves on. */
    advanceClock(ms: number) {
      offset += ms;
    },
    /** The next `count` Accounting API calls answer this instead. */
    failNext(count: number, failure: ScriptedFailure) {
      failures.add(count, failure);
    },
    /** The company disconnected the app at Intuit: every token issued so far stops working. */
    revokeAll: () => tokens.revokeAll(),
    customers: records('Customer'),
    items: records('Item'),
    invoices: records('Invoice'),
    payments: records('Payment'),
    creditMemos: records('CreditMemo'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type QuickBooksStandIn = Awaited<ReturnType<typeof startQuickBooksStandIn>>;
