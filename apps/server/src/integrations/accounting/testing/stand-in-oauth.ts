import type { IncomingMessage } from 'node:http';
import { type Exchange, type JsonSender, sendHtml } from './stand-in-wire.ts';

// The OAuth 2 plumbing every accounting stand-in shares: the consent page and the decision its
// forms post, the redirect back to the app, HTTP Basic client credentials, and the token
// endpoint's two grants. Which requests are refused, what the page says, what an allowed decision
// adds to the redirect and how a client proves who it is stay with each provider.

/** Why a request cannot be shown consent: the error code and what the error page says. */
export type Refusal = [error: string, description: string];

/** An absolute http(s) address: the only redirect_uri a stand-in accepts. */
export const isWebAddress = (address: string) =>
  URL.canParse(address) && /^https?:$/.test(new URL(address).protocol);

/** The redirect back to the app after the person's decision, state echoed as the providers do. */
export function redirectBack(query: URLSearchParams, answer: Record<string, string>) {
  const target = new URL(query.get('redirect_uri')!);
  for (const [name, value] of Object.entries(answer)) target.searchParams.set(name, value);
  const state = query.get('state');
  if (state !== null) target.searchParams.set('state', state);
  return target.toString();
}

/**
 * GET `authorizePath` shows the consent page (or the error page, for a request it refuses); POST
 * `decisionPath` answers the page's forms: a redirect with what `allow` adds (a code…) or with
 * error=access_denied when the person cancelled. The forms carry the /authorize parameters back,
 * so the decision is checked again as the request was. False when the request is neither.
 */
export function consentRoutes(options: {
  authorizePath: string;
  decisionPath: string;
  refusal: (query: URLSearchParams) => Refusal | null;
  consentPage: (query: URLSearchParams) => string;
  errorPage: (error: string, description: string) => string;
  /** What an allowed decision adds to the redirect, or why it cannot be allowed (nothing chosen). */
  allow: (form: URLSearchParams) => Record<string, string> | Refusal;
}) {
  return function consent({ response, method, url, body }: Exchange): boolean {
    if (method === 'GET' && url.pathname === options.authorizePath) {
      const wrong = options.refusal(url.searchParams);
      if (wrong) sendHtml(response, 400, options.errorPage(...wrong));
      else sendHtml(response, 200, options.consentPage(url.searchParams));
      return true;
    }
    if (method === 'POST' && url.pathname === options.decisionPath) {
      const form = new URLSearchParams(body);
      const answer =
        options.refusal(form) ??
        (form.get('decision') === 'allow' ? options.allow(form) : { error: 'access_denied' });
      if (Array.isArray(answer)) sendHtml(response, 400, options.errorPage(...answer));
      else response.writeHead(302, { location: redirectBack(form, answer) }).end();
      return true;
    }
    return false;
  };
}

/**
 * The client named by the request's HTTP Basic credentials, or undefined when it sends none.
 * Throws `refuse()` when they are malformed or not a known client's id and secret.
 */
export function basicClient(
  request: IncomingMessage,
  clients: Map<string, string>,
  refuse: () => Error,
): string | undefined {
  const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!basic) return undefined;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  if (colon < 0 || !clients.has(id) || clients.get(id) !== secret) throw refuse();
  return id;
}

type CodeGrant = { code: string; redirectUri: string; verifier: string | undefined };

/**
 * POST `path`, the token endpoint: counts the call by grant_type (failed ones too), asks
 * `client` who is calling, then exchanges an authorization code or a refresh token through
 * `tokens`. Any other grant is the provider's unsupported_grant_type. False for other requests.
 */
export function tokenRoute<Client extends { clientId: string }>(options: {
  path: string;
  tokenRequests: Record<string, number>;
  client: (request: IncomingMessage, form: URLSearchParams) => Client;
  tokens: {
    exchangeCode(input: NoInfer<Client> & CodeGrant): unknown;
    refresh(input: NoInfer<Client> & { refreshToken: string }): unknown;
  };
  oauthError: (error: string) => Error;
  sendJson: JsonSender;
  /** The no-store headers the provider answers tokens with. */
  headers: Record<string, string>;
}) {
  return function token({ request, response, method, url, body }: Exchange): boolean {
    if (method !== 'POST' || url.pathname !== options.path) return false;
    const form = new URLSearchParams(body);
    const grantType = form.get('grant_type') ?? '(none)';
    options.tokenRequests[grantType] = (options.tokenRequests[grantType] ?? 0) + 1;
    const client = options.client(request, form);
    let answer: unknown;
    if (grantType === 'authorization_code') {
      answer = options.tokens.exchangeCode({
        ...client,
        code: form.get('code') ?? '',
        redirectUri: form.get('redirect_uri') ?? '',
        verifier: form.get('code_verifier') ?? undefined,
      });
    } else if (grantType === 'refresh_token') {
      answer = options.tokens.refresh({ ...client, refreshToken: form.get('refresh_token') ?? '' });
    } else {
      throw options.oauthError('unsupported_grant_type');
    }
    options.sendJson(response, 200, answer, options.headers);
    return true;
  };
}
