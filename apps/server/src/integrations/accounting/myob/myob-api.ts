import { setTimeout as sleep } from 'node:timers/promises';
import type { OAuthClientConfig } from '../accounting-config.ts';
import {
  ProviderRateLimitedError,
  ProviderRefusedError,
  ProviderUnavailableError,
  retryAfterSeconds,
} from '../accounting-errors.ts';
import { myobHostsOf } from './myob-hosts.ts';

// The MYOB Business (AccountRight) API (developer.myob.com/api/myob-business-api) as typed fetch
// calls: every call names its company file by path (/accountright/{cf}/…) and carries the app's
// key in x-myobapi-key and x-myobapi-version: v2. Collections answer `{Items, NextPageLink,
// Count}` and page with OData `$top`/`$skip`; a POST answers 201 with the new record's URI in
// `Location` (its UID is the last segment); a PUT needs the record's RowVersion. Answers become
// accounting-errors.ts's three kinds: `{Errors: [{Name, Message, AdditionalDetails}]}` a refusal
// with MYOB's own words, 401 a grant no longer good, 429 or 403 RateLimitError a rate limit,
// 5xx (504 GatewayTimeout included) or silence an outage. MYOB limits each API key to a few calls
// a second, whichever merchant's file they are for: calls are paced to stay under it.

const TIMEOUT_MS = 20_000;

/** MYOB's limit on an API key (8 calls a second), whichever company files its calls are for. */
export const MYOB_CALLS_PER_SECOND = 8;

/**
 * Keeps this process's calls on the API key under MYOB's per-second limit: a call that would go
 * past it waits for its turn. The window is a little over a second, so calls still in flight do
 * not arrive inside MYOB's. Other processes' calls count there too: MYOB's RateLimitError stays a
 * rate limit for the caller (the sync waits and sends again).
 */
export function createPacer(callsPerSecond: number, windowMs = 1_100) {
  const started: number[] = [];
  return async function take(): Promise<void> {
    for (;;) {
      const now = performance.now();
      while (started.length > 0 && started[0]! <= now - windowMs) started.shift();
      if (started.length < callsPerSecond) {
        started.push(now);
        return;
      }
      await sleep(started[0]! + windowMs - now);
    }
  };
}

export type MyobCall = { accessToken: string; tenantId: string };

export type MyobCollection<T> = { Items: T[]; NextPageLink?: string | null; Count?: number };

/** A reference to another record, as MYOB nests them (`Customer: {UID}`). */
export type MyobRef = { UID: string };

type MyobErrorsBody = {
  Errors?: { Name?: string; Message?: string; AdditionalDetails?: string }[];
  Message?: string;
};

/** MYOB's words for a refusal: each error's message and details, else its top-level message. */
export function myobMessageOf(body: unknown): string {
  const answer = (body ?? {}) as MyobErrorsBody;
  const messages = (answer.Errors ?? [])
    .map((error) =>
      [error.Message, error.AdditionalDetails].filter((part): part is string => !!part).join(': '),
    )
    .filter(Boolean);
  if (messages.length > 0) return [...new Set(messages)].join(' ');
  return answer.Message ?? 'MYOB refused the request';
}

/** A 403 that is MYOB's per-second or daily limit on the API key, not a refusal. */
function isRateLimit(status: number, body: unknown): boolean {
  if (status === 429) return true;
  if (status !== 403) return false;
  const errors = (body as MyobErrorsBody | undefined)?.Errors ?? [];
  return errors.some((error) => error.Name === 'RateLimitError' || /rate limit/i.test(error.Message ?? ''));
}

/** An OData string literal: quotes doubled. */
export const odataString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** MYOB's dates are local date-times without a zone; a calendar day is its midnight. */
export const myobDate = (day: string) => `${day}T00:00:00`;

export function createMyobApi(
  config: OAuthClientConfig,
  options: { now: () => Date; callsPerSecond?: number },
) {
  const base = new URL('/accountright/', myobHostsOf(config).api);
  const pace = createPacer(options.callsPerSecond ?? MYOB_CALLS_PER_SECOND);

  async function send(accessToken: string, method: string, url: URL, body?: unknown) {
    await pace();
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'x-myobapi-key': config.clientId,
          'x-myobapi-version': 'v2',
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`MYOB did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    let answer: unknown;
    try {
      answer = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      answer = undefined;
    }
    if (isRateLimit(response.status, answer)) {
      const header = response.headers.get('retry-after');
      // MYOB sends no Retry-After for its per-second limit: a second is enough to try again.
      const daily = /daily/i.test(myobMessageOf(answer));
      throw new ProviderRateLimitedError(
        header ? retryAfterSeconds(header, options.now()) : daily ? 3600 : 1,
      );
    }
    if (response.status >= 500) {
      throw new ProviderUnavailableError(`MYOB failed (${response.status}): ${myobMessageOf(answer)}`);
    }
    if (!response.ok) {
      throw new ProviderRefusedError(myobMessageOf(answer), response.status, response.status === 401);
    }
    return { status: response.status, body: answer, location: response.headers.get('location') };
  }

  /** A path in the call's company file: `Sale/Invoice/Service?$filter=…`. */
  const fileUrl = (call: MyobCall, path: string) =>
    new URL(`${encodeURIComponent(call.tenantId)}/${path}`, base);

  return {
    /** The company files this token reaches (GET /accountright/). */
    companyFiles: async (accessToken: string) =>
      (await send(accessToken, 'GET', base)).body as { Id: string; Name: string; Uri: string }[],

    async get<T>(call: MyobCall, path: string, query: Record<string, string> = {}): Promise<T> {
      const url = fileUrl(call, path);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      return (await send(call.accessToken, 'GET', url)).body as T;
    },

    /** Records of a collection matching an OData `$filter` (at most `top`). */
    async find<T>(call: MyobCall, path: string, filter: string, top = 2): Promise<T[]> {
      const url = fileUrl(call, path);
      url.searchParams.set('$filter', filter);
      url.searchParams.set('$top', String(top));
      return ((await send(call.accessToken, 'GET', url)).body as MyobCollection<T>).Items;
    },

    /** POST: the new record's UID, from the Location MYOB answers with. */
    async create(call: MyobCall, path: string, body: unknown): Promise<string> {
      const { location } = await send(call.accessToken, 'POST', fileUrl(call, path), body);
      const uid = location ? new URL(location).pathname.split('/').filter(Boolean).at(-1) : undefined;
      if (!uid) throw new Error(`MYOB answered no Location for ${path}`);
      return uid;
    },

    async update(call: MyobCall, path: string, body: unknown): Promise<void> {
      await send(call.accessToken, 'PUT', fileUrl(call, path), body);
    },

    /** DELETE; one already gone (404) is what deleting wanted, as a retry may find. */
    async remove(call: MyobCall, path: string): Promise<void> {
      try {
        await send(call.accessToken, 'DELETE', fileUrl(call, path));
      } catch (error) {
        if (error instanceof ProviderRefusedError && error.status === 404) return;
        throw error;
      }
    },
  };
}

export type MyobApi = ReturnType<typeof createMyobApi>;
