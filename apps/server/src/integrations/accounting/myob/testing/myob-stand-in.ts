import { createStandIn } from '../../testing/stand-in-server.ts';
import { headerOf } from '../../testing/stand-in-wire.ts';
import { API_PREFIX, apiRoutes } from './stand-in-api.ts';
import { createRateLimiter, scriptedFailure } from './stand-in-guards.ts';
import { myobError, notFound, sendJson } from './stand-in-http.ts';
import { oauthRoutes } from './stand-in-oauth.ts';
import { type Books, createStore } from './stand-in-store.ts';
import { type CompanyFile, createTokenStore } from './stand-in-tokens.ts';

// What a person does on the stand-in's consent page, for tests (over HTTP, as a browser would).
export { answerMyobConsentPage } from './stand-in-pages.ts';
export type { CompanyFile } from './stand-in-tokens.ts';

// A local stand-in for MYOB Business, a real HTTP server: secure.myob.com's consent page and token
// endpoint, and the part of the AccountRight API Tradeport uses, all on one origin. Tests point
// MYOB_API_BASE at `url` and never reach the network. Its methods are the test's hands on MYOB's
// side: which company files a login can choose from, time passing, outages, the app removed in
// my.MYOB, and what each company file now holds. There is no idempotency cache: MYOB has none.

export const MYOB_STAND_IN_CREDENTIALS = {
  clientId: 'myob-stand-in-api-key-0000000000',
  clientSecret: 'myob-stand-in-api-secret',
};

/** The company file consent offers first unless the test says otherwise (setCompanyFiles). */
export const DEFAULT_MYOB_FILE: CompanyFile = {
  id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f',
  name: 'Harbourside Wholesale Pty Ltd',
};

export type MyobStandInOptions = {
  port?: number;
  /** MYOB's limit on an API key: 8 calls a second. */
  callsPerSecond?: number;
  files?: CompanyFile[];
};

export type MyobStandInRequest = {
  method: string;
  path: string;
  /** The query string, `?` included ('' without one): for assertions on `$filter`. */
  query: string;
  apiKey: string | null;
  at: Date;
};

/** The environment that points the server at this stand-in. */
export const myobStandInEnv = (url: string) => ({
  MYOB_CLIENT_ID: MYOB_STAND_IN_CREDENTIALS.clientId,
  MYOB_CLIENT_SECRET: MYOB_STAND_IN_CREDENTIALS.clientSecret,
  MYOB_API_BASE: url,
});

export async function startMyobStandIn(options: MyobStandInOptions = {}) {
  const standIn = createStandIn({ scriptedFailure });
  const { now, failures } = standIn;
  let files = options.files ?? [DEFAULT_MYOB_FILE];
  const clients = new Map([[MYOB_STAND_IN_CREDENTIALS.clientId, MYOB_STAND_IN_CREDENTIALS.clientSecret]]);
  const tokens = createTokenStore(now);
  const store = createStore();
  const limiter = createRateLimiter({ callsPerSecond: options.callsPerSecond ?? 8, now });
  const tokenRequests: Record<string, number> = { authorization_code: 0, refresh_token: 0 };
  const secure = oauthRoutes({ tokens, clients, files: () => files, tokenRequests });
  const api = apiRoutes({ store, tokens });

  const server = await standIn.listen({
    port: options.port,
    sendJson,
    log: ({ request, method, url }, at): MyobStandInRequest => ({
      method,
      path: url.pathname,
      query: url.search,
      apiKey: headerOf(request, 'x-myobapi-key'),
      at,
    }),
    route(exchange) {
      const { request, url } = exchange;
      if (secure(exchange)) return;
      if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) throw notFound();
      // An outage at MYOB answers before anything else is looked at.
      failures.next();
      const apiKey = headerOf(request, 'x-myobapi-key');
      if (!apiKey || !clients.has(apiKey)) {
        throw myobError(403, 'DeveloperInactive', 'API key is missing or inactive', {
          details: 'Header: x-myobapi-key',
        });
      }
      if (headerOf(request, 'x-myobapi-version') !== 'v2') {
        throw myobError(400, 'InvalidApiVersion', 'x-myobapi-version must be v2', {
          details: 'Header: x-myobapi-version',
        });
      }
      limiter.take(apiKey);
      if (api(exchange)) return;
      throw notFound();
    },
    crash: (message) => myobError(500, 'InternalError', message),
  });

  /** What a company file holds (the first one consent offers, unless named). */
  const records = (fileId?: string): Omit<Books, 'companyName' | 'accounts' | 'taxCodes'> => {
    const books = store.existing(fileId ?? files[0]?.id ?? '');
    return {
      customers: books?.customers ?? new Map(),
      items: books?.items ?? new Map(),
      invoices: books?.invoices ?? new Map(),
      payments: books?.payments ?? new Map(),
      settlements: books?.settlements ?? new Map(),
    };
  };

  return {
    ...server,
    env: myobStandInEnv(server.url),
    credentials: MYOB_STAND_IN_CREDENTIALS,
    /** Token endpoint calls by grant_type (failed ones too). */
    tokenRequests,
    /** Every consent exchanged for tokens, with its company file. */
    grants: tokens.grants,
    /** Every access and refresh token issued so far. */
    issuedTokens: tokens.issuedTokens,
    /** The company files the next consent offers (the first chosen unless the person picks another). */
    setCompanyFiles(next: CompanyFile[]) {
      files = next;
    },
    /** The app was removed in my.MYOB: every token issued so far stops working. */
    revokeAll: () => tokens.revokeAll(),
    /** A company file's customers, items, sales (invoices and credits), payments and credit settlements. */
    records,
  };
}

export type MyobStandIn = Awaited<ReturnType<typeof startMyobStandIn>>;
