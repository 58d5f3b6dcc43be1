import { createHash, randomBytes } from 'node:crypto';
import { answerXeroConsentPage, type XeroStandIn } from './xero-stand-in.ts';

// A bare Xero client for the stand-in's own tests, written from Xero's documentation rather than
// from the stand-in's code: it builds the /authorize URL, answers the consent page, calls the token
// endpoint with HTTP Basic, and calls the API with a Bearer token and xero-tenant-id. Other tests
// may use connectToStandIn to get tokens without caring how.

export const REDIRECT_URI = 'http://tradeport.test/xero/settings';
export const SCOPES =
  'openid profile email accounting.transactions accounting.contacts accounting.settings offline_access';

export type TokenAnswer = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
  id_token?: string;
};

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(standIn: XeroStandIn, overrides: Record<string, string> = {}) {
  const url = new URL('/identity/connect/authorize', standIn.url);
  const parameters = {
    response_type: 'code',
    client_id: standIn.env.XERO_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: SCOPES,
    state: 'state-1',
    ...overrides,
  };
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** POST /connect/token (or /connect/revocation) as a confidential client: the answer's status and JSON. */
export async function tokenCall(
  standIn: XeroStandIn,
  form: Record<string, string>,
  options: { secret?: string; path?: string } = {},
) {
  const response = await fetch(new URL(options.path ?? '/connect/token', standIn.url), {
    method: 'POST',
    headers: {
      authorization: basic(standIn.env.XERO_CLIENT_ID, options.secret ?? standIn.env.XERO_CLIENT_SECRET),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** Consent (PKCE), the code exchanged: the tokens and the first tenant granted. */
export async function connectToStandIn(standIn: XeroStandIn, options: { tenantIds?: string[] } = {}) {
  const { verifier, challenge } = pkce();
  const back = await answerXeroConsentPage(
    authorizeUrl(standIn, { code_challenge: challenge, code_challenge_method: 'S256' }),
    options,
  );
  const answer = await tokenCall(standIn, {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  if (answer.status !== 200) throw new Error(`The token exchange answered ${answer.status}`);
  const tokens = answer.body as TokenAnswer;
  const tenantId = options.tenantIds?.[0] ?? standIn.grants.at(-1)!.connections[0]!.tenantId;
  return { tokens, tenantId };
}

/** One API call (api.xero.com): status, JSON body and headers. */
export async function xeroCall(
  standIn: XeroStandIn,
  accessToken: string,
  method: string,
  path: string,
  options: { tenantId?: string | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(new URL(path, standIn.url), {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      ...(options.tenantId ? { 'xero-tenant-id': options.tenantId } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read Xero's JSON freely
  const body = (text ? JSON.parse(text) : null) as any;
  return { status: response.status, body, headers: response.headers };
}
