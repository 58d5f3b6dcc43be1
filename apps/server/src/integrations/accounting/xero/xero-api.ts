import type { OAuthClientConfig } from '../accounting-config.ts';
import { ProviderRefusedError } from '../accounting-errors.ts';
import { callProvider } from '../provider-http.ts';
import { xeroHostsOf } from './xero-hosts.ts';

// Xero's Accounting API (developer.xero.com/documentation/api/accounting/overview) as typed fetch
// calls: JSON with PascalCase envelopes (`{Accounts: […]}`), every call naming its organisation in
// `xero-tenant-id`. Answers become accounting-errors.ts's three kinds: a validation exception is a
// refusal with Xero's own messages (shown in the sync health panel), 401 a grant no longer good,
// 429 a rate limit with Xero's Retry-After, 5xx or silence an outage.

const TIMEOUT_MS = 20_000;

export type XeroCall = { accessToken: string; tenantId: string; idempotencyKey?: string };

type XeroValidationBody = {
  Message?: string;
  Detail?: string;
  Elements?: { ValidationErrors?: { Message?: string }[] }[];
};

/** Xero's words for a refusal: each element's validation messages, else its message or detail. */
export function xeroMessageOf(body: unknown): string {
  const answer = (body ?? {}) as XeroValidationBody;
  const messages = (answer.Elements ?? []).flatMap((element) =>
    (element.ValidationErrors ?? []).map((error) => error.Message).filter((m): m is string => !!m),
  );
  if (messages.length > 0) return [...new Set(messages)].join(' ');
  return answer.Message ?? answer.Detail ?? 'Xero refused the request';
}

export function createXeroApi(config: OAuthClientConfig, options: { now: () => Date }) {
  const base = new URL('/api.xro/2.0/', xeroHostsOf(config).api);

  async function request<T>(call: XeroCall, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) {
    const response = await callProvider(
      'Xero',
      new URL(path, base),
      {
        method,
        headers: {
          authorization: `Bearer ${call.accessToken}`,
          'xero-tenant-id': call.tenantId,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      { now: options.now, timeoutMs: TIMEOUT_MS },
    );
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      throw new ProviderRefusedError(xeroMessageOf(answer), response.status, response.status === 401);
    }
    return answer as T;
  }

  return { request };
}

export type XeroApi = ReturnType<typeof createXeroApi>;
