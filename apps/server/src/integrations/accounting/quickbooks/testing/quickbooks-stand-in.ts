import { createStandIn } from '../../testing/stand-in-server.ts';
import { API_PREFIX, apiRoutes } from './stand-in-api.ts';
import { type Books, createBooks, type Entity, type StandInCompany } from './stand-in-company.ts';
import { createRateLimiter, createRequestIdCache, scriptedFailure } from './stand-in-guards.ts';
import { gatewayFault, notFound, sendJson } from './stand-in-http.ts';
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
  const standIn = createStandIn({ scriptedFailure });
  const { now, failures } = standIn;
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
  const tokenRequests: Record<string, number> = { authorization_code: 0, refresh_token: 0 };
  const oauth = oauthRoutes({ tokens, clients, companies: () => companies, tokenRequests });
  const api = apiRoutes({
    books: booksOf,
    tokens,
    limiter: createRateLimiter({ callsPerMinute: options.callsPerMinute ?? 500, now }),
    requestIds: createRequestIdCache(),
  });

  const server = await standIn.listen({
    port: options.port,
    sendJson,
    log: ({ method, url }, at): QuickBooksStandInRequest => ({
      method,
      path: url.pathname,
      query: url.searchParams,
      at,
    }),
    route(exchange) {
      if (oauth(exchange)) return;
      if (!exchange.url.pathname.startsWith(API_PREFIX)) throw notFound();
      // An outage at Intuit answers before anything else is looked at.
      failures.next();
      if (api(exchange)) return;
      throw notFound();
    },
    crash: (message) => gatewayFault(500, '10000', 'An application error has occurred', message),
  });

  /** One kind of record of a company's books (the first company, unless named), by Id. */
  const records =
    (kind: 'Customer' | 'Item' | 'Invoice' | 'Payment' | 'CreditMemo') =>
    (realmId?: string): Map<string, Entity> =>
      booksOf(realmId ?? companies[0]?.realmId ?? '')?.[kind] ?? new Map();

  return {
    ...server,
    env: quickBooksStandInEnv(server.url),
    credentials: QUICKBOOKS_STAND_IN_CREDENTIALS,
    /** Token endpoint calls by grant_type. */
    tokenRequests,
    /** Every consent exchanged for tokens: its company and whether (when) it was revoked. */
    grants: tokens.grants,
    /** Every access and refresh token issued so far. */
    issuedTokens: tokens.issuedTokens,
    /** The companies the next consent offers (the first chosen by default). */
    setCompanies(next: StandInCompany[]) {
      companies = next;
    },
    /** The company disconnected the app at Intuit: every token issued so far stops working. */
    revokeAll: () => tokens.revokeAll(),
    customers: records('Customer'),
    items: records('Item'),
    invoices: records('Invoice'),
    payments: records('Payment'),
    creditMemos: records('CreditMemo'),
  };
}

export type QuickBooksStandIn = Awaited<ReturnType<typeof startQuickBooksStandIn>>;
