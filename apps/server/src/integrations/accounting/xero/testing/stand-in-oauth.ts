import type { IncomingMessage } from 'node:http';
import {
  basicClient,
  consentRoutes,
  isWebAddress,
  type Refusal,
  tokenRoute,
} from '../../testing/stand-in-oauth.ts';
import { type Exchange, notFound, oauthError, sendJson } from './stand-in-http.ts';
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

const invalidClient = () => oauthError('invalid_client', 401);

/** Who is calling the token endpoint: Basic credentials (confidential), or client_id alone (PKCE). */
function clientOf(request: IncomingMessage, form: URLSearchParams, clients: Map<string, string>) {
  const confidential = basicClient(request, clients, invalidClient);
  if (confidential !== undefined) return { clientId: confidential, isPublic: false };
  const id = form.get('client_id');
  if (!id || !clients.has(id)) throw invalidClient();
  return { clientId: id, isPublic: true };
}

/** Why an /authorize request (or its decision) cannot be shown consent, or null when it can. */
function refusal(query: URLSearchParams, clients: Map<string, string>): Refusal | null {
  if (!clients.has(query.get('client_id') ?? '')) {
    return ['unauthorized_client', 'Unknown client or client not enabled'];
  }
  if (!isWebAddress(query.get('redirect_uri') ?? '')) return ['invalid_request', 'Invalid redirect_uri'];
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

export function oauthRoutes(options: OAuthOptions) {
  const { tokens, clients } = options;

  const consent = consentRoutes({
    authorizePath: '/identity/connect/authorize',
    decisionPath: DECISION_PATH,
    refusal: (query) => refusal(query, clients),
    consentPage: (query) => consentPage(query, options.tenants()),
    errorPage,
    allow(form) {
      const chosen = form.getAll('tenant_id');
      const tenants = options.tenants().filter((tenant) => chosen.includes(tenant.tenantId));
      if (tenants.length === 0) return ['access_denied', 'Choose at least one organisation'];
      const code = tokens.createCode({
        clientId: form.get('client_id')!,
        redirectUri: form.get('redirect_uri')!,
        challenge: form.get('code_challenge') || null,
        scope: form.get('scope')!,
        tenants,
      });
      return { code, scope: form.get('scope')! };
    },
  });

  const tokenEndpoint = tokenRoute({
    path: '/connect/token',
    tokenRequests: options.tokenRequests,
    client: (request, form) => clientOf(request, form, clients),
    tokens,
    oauthError,
    sendJson,
    headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
  });

  /** The identity server's routes; false when the request is not one of them. */
  function identity(exchange: Exchange): boolean {
    if (consent(exchange) || tokenEndpoint(exchange)) return true;
    const { request, response, method, url, body } = exchange;
    if (method === 'POST' && url.pathname === '/connect/revocation') {
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
