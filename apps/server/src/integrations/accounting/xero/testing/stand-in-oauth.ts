import type { IncomingMessage } from 'node:http';
import { type Exchange, notFound, oauthError, sendHtml, sendJson } from './stand-in-http.ts';
import { consentPage, DECISION_PATH, errorPage } from './stand-in-pages.ts';
import type { Tenant, TokenStore } from './stand-in-tokens.ts';

// Xero's identity routes over HTTP: login.xero.com's /identity/connect/authorize (the consent page
// and the decision it posts), identity.xero.com's /connect/token and /connect/revocation, and
// api.xero.com's /connections (the tenants a token reaches). One origin serves them all here.

type OAuthOptions = {
  tokens: TokenStore;
  /** client_id → client_secret. */
  clients: Map<string, string>;
  /** What the next consent offers (the test's setTenants). */
  tenants: () => Tenant[];
  tokenRequests: Record<string, number>;
};

/** Who is calling the token endpoint: Basic credentials (confidential), or client_id alone (PKCE). */
function clientOf(request: IncomingMessage, form: URLSearchParams, clients: Map<string, string>) {
  const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    if (colon < 0 || !clients.has(id) || clients.get(id) !== secret) throw oauthError('invalid_client', 401);
    return { clientId: id, isPublic: false };
  }
  const id = form.get('client_id');
  if (!id || !clients.has(id)) throw oauthError('invalid_client', 401);
  return { clientId: id, isPublic: true };
}

/** Why an /authorize request (or its decision) cannot be shown consent, or null when it can. */
function refusal(query: URLSearchParams, clients: Map<string, string>): [string, string] | null {
  if (!clients.has(query.get('client_id') ?? '')) {
    return ['unauthorized_client', 'Unknown client or client not enabled'];
  }
  const redirect = query.get('redirect_uri') ?? '';
  if (!URL.canParse(redirect) || !/^https?:$/.test(new URL(redirect).protocol)) {
    return ['invalid_request', 'Invalid redirect_uri'];
  }
  if (query.get('response_type') !== 'code') {
    return ['unsupported_response_type', 'Only response_type=code'];
  }
  if (!query.get('scope')) return ['invalid_scope', 'No scope was requested'];
  const method = query.get('code_challenge_method');
  if (method !== null && method !== 'S256') return ['invalid_request', 'code_challenge_method must be S256'];
  if (method === 'S256' && !query.get('code_challenge'))
    return ['invalid_request', 'code_challenge is missing'];
  return null;
}

/** The redirect back to the app after the person's decision, state echoed as Xero does. */
function backTo(query: URLSearchParams, answer: Record<string, string>) {
  const target = new URL(query.get('redirect_uri')!);
  for (const [name, value] of Object.entries(answer)) target.searchParams.set(name, value);
  const state = query.get('state');
  if (state !== null) target.searchParams.set('state', state);
  return target.toString();
}

export function oauthRoutes(options: OAuthOptions) {
  const { tokens, clients } = options;

  /** The identity server's routes; false when the request is not one of them. */
  function identity({ request, response, method, url, body }: Exchange): boolean {
    const path = url.pathname;
    if (method === 'GET' && path === '/identity/connect/authorize') {
      const wrong = refusal(url.searchParams, clients);
      if (wrong) sendHtml(response, 400, errorPage(...wrong));
      else sendHtml(response, 200, consentPage(url.searchParams, options.tenants()));
      return true;
    }
    if (method === 'POST' && path === DECISION_PATH) {
      const form = new URLSearchParams(body);
      const wrong = refusal(form, clients);
      if (wrong) return (sendHtml(response, 400, errorPage(...wrong)), true);
      let location: string;
      if (form.get('decision') === 'allow') {
        const chosen = form.getAll('tenant_id');
        const tenants = options.tenants().filter((tenant) => chosen.includes(tenant.tenantId));
        if (tenants.length === 0) {
          return (
            sendHtml(response, 400, errorPage('access_denied', 'Choose at least one organisation')),
            true
          );
        }
        const code = tokens.createCode({
          clientId: form.get('client_id')!,
          redirectUri: form.get('redirect_uri')!,
          challenge: form.get('code_challenge') || null,
          scope: form.get('scope')!,
          tenants,
        });
        location = backTo(form, { code, scope: form.get('scope')! });
      } else {
        location = backTo(form, { error: 'access_denied' });
      }
      response.writeHead(302, { location }).end();
      return true;
    }
    if (method === 'POST' && path === '/connect/token') {
      const form = new URLSearchParams(body);
      const grantType = form.get('grant_type') ?? '(none)';
      options.tokenRequests[grantType] = (options.tokenRequests[grantType] ?? 0) + 1;
      const client = clientOf(request, form, clients);
      let answer;
      if (grantType === 'authorization_code') {
        answer = tokens.exchangeCode({
          ...client,
          code: form.get('code') ?? '',
          redirectUri: form.get('redirect_uri') ?? '',
          verifier: form.get('code_verifier') ?? undefined,
        });
      } else if (grantType === 'refresh_token') {
        answer = tokens.refresh({ ...client, refreshToken: form.get('refresh_token') ?? '' });
      } else {
        throw oauthError('unsupported_grant_type');
      }
      sendJson(response, 200, answer, { 'cache-control': 'no-store', pragma: 'no-cache' });
      return true;
    }
    if (method === 'POST' && path === '/connect/revocation') {
      const form = new URLSearchParams(body);
      clientOf(request, form, clients);
      const token = form.get('token');
      if (!token) throw oauthError('invalid_request');
      // An unknown token is not an error (RFC 7009): the client wanted it dead, and it is.
      tokens.revoke(token);
      response.writeHead(200).end();
      return true;
    }
    return false;
  }

  /** api.xero.com/connections: the tenants the Bearer token's grant reaches. */
  function connections({ request, response, method, url }: Exchange): boolean {
    const found = /^\/connections(?:\/([^/]+))?$/.exec(url.pathname);
    if (!found) return false;
    const grant = tokens.grantOf(request.headers.authorization);
    if (method === 'GET' && !found[1]) {
      const authEventId = url.searchParams.get('authEventId');
      sendJson(
        response,
        200,
        grant.connections.filter((connection) => !authEventId || connection.authEventId === authEventId),
      );
      return true;
    }
    if (method === 'DELETE' && found[1]) {
      if (!tokens.deleteConnection(grant, found[1])) throw notFound();
      response.writeHead(204).end();
      return true;
    }
    throw notFound();
  }

  return { identity, connections };
}
