import { createHash } from 'node:crypto';
import { ProviderRefusedError } from '../accounting-errors.ts';
import { callProvider } from '../provider-http.ts';
import { type QuickBooksConfig, quickBooksHostsOf } from './quickbooks-hosts.ts';

// QuickBooks Online's Accounting API v3 (developer.intuit.com/app/developer/qbo/docs/api/
// accounting) as typed fetch calls: /v3/company/{realmId}/{entity} with `minorversion=75`, reads
// through `query?query=select …`, creates and sparse updates as a POST of the entity, void and
// delete as `?operation=`. A write carries `requestid`, Intuit's idempotency key: the same id again
// answers the first answer. Faults become accounting-errors.ts's three kinds: a refusal with
// Intuit's own Detail (shown in the sync health panel), 401 a grant no longer good, 429 a rate
// limit, 5xx or silence an outage.

const TIMEOUT_MS = 20_000;
export const MINOR_VERSION = '75';

/** One call into a company: its realm id is the tenant id. */
export type QuickBooksCall = { accessToken: string; tenantId: string };

type FaultError = { Message?: string; Detail?: string; message?: string; detail?: string; code?: string };
type Fault = { Error?: FaultError[]; error?: FaultError[]; type?: string };

/** Intuit's words for a refusal: each error's Detail (else Message), from `Fault` or the gateway's `fault`. */
export function quickBooksMessageOf(body: unknown): string {
  const answer = (body ?? {}) as { Fault?: Fault; fault?: Fault };
  const fault = answer.Fault ?? answer.fault;
  const messages = (fault?.Error ?? fault?.error ?? [])
    .map((error) => error.Detail ?? error.detail ?? error.Message ?? error.message)
    .filter((message): message is string => !!message);
  return messages.length > 0 ? [...new Set(messages)].join(' ') : 'QuickBooks refused the request';
}

/**
 * A `requestid` for one write of a BooksWrite: the same key and part always give the same id (so a
 * retried call replays), and it stays short whatever the key's length (Intuit caps it at 50).
 */
export const requestIdOf = (idempotencyKey: string, part: string) =>
  createHash('sha256').update(`${idempotencyKey}\n${part}`).digest('hex').slice(0, 36);

/** A value inside a query's quotes: Intuit escapes a single quote with a backslash. */
export const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function createQuickBooksApi(config: QuickBooksConfig, options: { now: () => Date }) {
  const api = quickBooksHostsOf(config).api;

  async function request<T>(
    call: QuickBooksCall,
    method: 'GET' | 'POST',
    path: string,
    extra: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<T> {
    const url = new URL(`/v3/company/${encodeURIComponent(call.tenantId)}/${path}`, api);
    for (const [name, value] of Object.entries(extra.query ?? {})) url.searchParams.set(name, value);
    url.searchParams.set('minorversion', MINOR_VERSION);
    const response = await callProvider(
      'QuickBooks',
      url,
      {
        method,
        headers: {
          authorization: `Bearer ${call.accessToken}`,
          accept: 'application/json',
          ...(extra.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
      },
      { now: options.now, timeoutMs: TIMEOUT_MS },
    );
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      throw new ProviderRefusedError(quickBooksMessageOf(answer), response.status, response.status === 401);
    }
    return answer as T;
  }

  return {
    request,

    /** `select …` through the query endpoint: the entity's rows (none: an empty QueryResponse). */
    async query<T>(call: QuickBooksCall, entity: string, statement: string): Promise<T[]> {
      const { QueryResponse } = await request<{ QueryResponse?: Record<string, unknown> }>(
        call,
        'GET',
        'query',
        { query: { query: statement } },
      );
      return (QueryResponse?.[entity] as T[] | undefined) ?? [];
    },

    /** One entity by id (GET /{entity}/{id}). */
    async read<T>(call: QuickBooksCall, entity: string, id: string): Promise<T> {
      const answer = await request<Record<string, T>>(
        call,
        'GET',
        `${entity.toLowerCase()}/${encodeURIComponent(id)}`,
      );
      return answer[entity]!;
    },

    /** A create, a sparse update (Id, SyncToken, sparse: true) or an `operation` (void, delete). */
    async write<T>(
      call: QuickBooksCall,
      entity: string,
      body: unknown,
      write: { requestId: string; operation?: 'void' | 'delete' },
    ): Promise<T> {
      const answer = await request<Record<string, T>>(call, 'POST', entity.toLowerCase(), {
        body,
        query: { requestid: write.requestId, ...(write.operation ? { operation: write.operation } : {}) },
      });
      return answer[entity]!;
    },
  };
}

export type QuickBooksApi = ReturnType<typeof createQuickBooksApi>;
