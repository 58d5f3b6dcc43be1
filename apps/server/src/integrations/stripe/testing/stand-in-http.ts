import type { IncomingMessage, ServerResponse } from 'node:http';

// Stripe's wire format as the stand-in speaks it: form-encoded requests with bracketed keys
// (`metadata[order]=…`, `payment_method_types[0]=card`), JSON answers, and errors as
// `{error: {type, code, message, …}}` (OAuth's as `{error, error_description}`).

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

/** `a[b][0]=x` → `{a: {b: ['x']}}`, as the SDK's encoder writes nested parameters. */
export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((segment, index) => {
      const isLast = index === path.length - 1;
      const container = node as Record<string, FormValue>;
      if (isLast) {
        container[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as Record<string, FormValue>;
    });
  }
  return root;
}

export const text = (form: Form, key: string): string | undefined => {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
};

export const record = (form: Form, key: string): Record<string, string> => {
  const value = form[key];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
};

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Stripe.js calls the API from the app's pages, another origin. */
export function allowCors(response: ServerResponse) {
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-allow-headers', 'authorization, content-type, stripe-account');
  response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${Date.now()}`,
    ...headers,
  });
  response.end(payload);
}

export type StripeErrorBody = {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: unknown;
};

/** A failure as Stripe answers it: the status picks the SDK's error class (402 card, 404 missing…). */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody | { error: string; error_description: string },
  ) {
    super('message' in body ? body.message : body.error_description);
  }
}

export const invalidRequest = (message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StandInError(400, { type: 'invalid_request_error', message, ...extra });

export const missing = (kind: string, id: string) =>
  new StandInError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
  });

export const oauthError = (error: string, description: string) =>
  new StandInError(400, { error, error_description: description });

export function sendError(response: ServerResponse, error: StandInError) {
  const isOAuth = 'error' in error.body;
  sendJson(response, error.status, isOAuth ? error.body : { error: error.body });
}
