import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, apiRoutes } from './stand-in-api.ts';
import { createFailureScript, createRateLimiter, type ScriptedFailure } from './stand-in-guards.ts';
import { type Exchange, myobError, MyobError, notFound, readBody, sendJson } from './stand-in-http.ts';
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

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

export async function startMyobStandIn(options: MyobStandInOptions = {}) {
  let offset = 0;
  const now = () => Date.now() + offset;
  let files = options.files ?? [DEFAULT_MYOB_FILE];
  let origin = '';
  const clients = new Map([[MYOB_STAND_IN_CREDENTIALS.clientId, MYOB_STAND_IN_CREDENTIALS.clientSecret]]);
  const tokens = createTokenStore(now);
  const store = createStore();
  const failures = createFailureScript();
  const limiter = createRateLimiter({ callsPerSecond: options.callsPerSecond ?? 8, now });
  const requests: MyobStandInRequest[] = [];
  const tokenRequests: Record<string, number> = { authorization_code: 0, refresh_token: 0 };
  const secure = oauthRoutes({ tokens, clients, files: () => files, tokenRequests });
  const api = apiRoutes({ store, tokens });

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    const apiKey = header(request, 'x-myobapi-key');
    requests.push({ method, path: url.pathname, query: url.search, apiKey, at: new Date(now()) });
    const exchange: Exchange = { request, response, method, url, body };
    if (secure(exchange)) return;
    if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) throw notFound();
    // An outage at MYOB answers before anything else is looked at.
    failures.next();
    if (!apiKey || !clients.has(apiKey)) {
      throw myobError(403, 'DeveloperInactive', 'API key is missing or inactive', {
        details: 'Header: x-myobapi-key',
      });
    }
    if (header(request, 'x-myobapi-version') !== 'v2') {
      throw myobError(400, 'InvalidApiVersion', 'x-myobapi-version must be v2', {
        details: 'Header: x-myobapi-version',
      });
    }
    limiter.take(apiKey);
    if (api(exchange)) return;
    throw notFound();
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (error instanceof MyobError) return sendJson(response, error.status, error.body, error.headers);
      sendJson(response, 500, myobError(500, 'InternalError', `The stand-in failed: ${String(error)}`).body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

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
    url: origin,
    env: myobStandInEnv(origin),
    credentials: MYOB_STAND_IN_CREDENTIALS,
    /** Every request received, oldest first. */
    requests,
    /** Token endpoint calls by grant_type (failed ones too). */
    tokenRequests,
    /** Every consent exchanged for tokens, with its company file. */
    grants: tokens.grants,
    /** The company files the next consent offers (the first chosen unless the person picks another). */
    setCompanyFiles(next: CompanyFile[]) {
      files = next;
    },
    now: () => new Date(now()),
    advanceClock(ms: number) {
      offset += ms;
    },
    /** The next `count` API calls (not the token endpoint) answer this instead. */
    failNext(count: number, failure: ScriptedFailure) {
      failures.add(count, failure);
    },
    /** The app was removed in my.MYOB: every token issued so far stops working. */
    revokeAll: () => tokens.revokeAll(),
    /** A company file's customers, items, sales (invoices and credits), payments and credit settlements. */
    records,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type MyobStandIn = Awaited<ReturnType<typeof startMyobStandIn>>;
