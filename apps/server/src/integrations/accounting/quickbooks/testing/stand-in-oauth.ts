import type { IncomingMessage } from 'node:http';
import { errorPage } from '../../testing/consent-form.ts';
import {
  basicClient,
  consentRoutes,
  isWebAddress,
  type Refusal,
  tokenRoute,
} from '../../testing/stand-in-oauth.ts';
import type { StandInCompany } from './stand-in-company.ts';
import { type Exchange, oauthError, sendJson } from './stand-in-http.ts';
import { consentPage, DECISION_PATH } from './stand-in-pages.ts';
import type { TokenStore } from './stand-in-tokens.ts';

// Intuit's OAuth routes over HTTP: appcenter.intuit.com's /connect/oauth2 (the consent page and
// the decision it posts), oauth.platform.intuit.com's /oauth2/v1/tokens/bearer and
// developer.api.intuit.com's /v2/oauth2/tokens/revoke. One origin serves them all here.

type OAuthOptions = {
  tokens: TokenStore;
  clients: Map<string, string>;
  companies: () => StandInCompany[];
  tokenRequests: Record<string, number>;
};

const invalidClient = () => oauthError('invalid_client', 401);

/** The confidential client on the token and revoke endpoints: HTTP Basic only, as at Intuit. */
function clientOf(request: IncomingMessage, clients: Map<string, string>): string {
  const clientId = basicClient(request, clients, invalidClient);
  if (clientId === undefined) throw invalidClient();
  return clientId;
}

function refusal(query: URLSearchParams, clients: Map<string, string>): Refusal | null {
  if (!clients.has(query.get('client_id') ?? '')) return ['invalid_client', 'Unknown client'];
  if (!isWebAddress(query.get('redirect_uri') ?? '')) {
    return ['invalid_request', 'The redirect_uri query parameter value is invalid'];
  }
  if (query.get('response_type') !== 'code') return ['unsupported_response_type', 'Only response_type=code'];
  if (!(query.get('scope') ?? '').split(' ').includes('com.intuit.quickbooks.accounting')) {
    return ['invalid_scope', 'The scope com.intuit.quickbooks.accounting is required'];
  }
  if (!query.get('state')) return ['invalid_request', 'state is required'];
  return null;
}

export function oauthRoutes(options: OAuthOptions) {
  const { tokens, clients } = options;

  const consent = consentRoutes({
    authorizePath: '/connect/oauth2',
    decisionPath: DECISION_PATH,
    refusal: (query) => refusal(query, clients),
    consentPage: (query) => consentPage(query, options.companies()),
    errorPage,
    allow(form) {
      const company = options.companies().find((candidate) => candidate.realmId === form.get('realm_id'));
      if (!company) return ['access_denied', 'Choose a company'];
      const code = tokens.createCode({
        clientId: form.get('client_id')!,
        redirectUri: form.get('redirect_uri')!,
        realmId: company.realmId,
        scope: form.get('scope')!,
      });
      // Intuit names the company chosen on the redirect.
      return { code, realmId: company.realmId };
    },
  });

  const tokenEndpoint = tokenRoute({
    path: '/oauth2/v1/tokens/bearer',
    tokenRequests: options.tokenRequests,
    client: (request) => ({ clientId: clientOf(request, clients) }),
    tokens,
    oauthError,
    sendJson,
    headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
  });

  return function oauth(exchange: Exchange): boolean {
    if (consent(exchange) || tokenEndpoint(exchange)) return true;
    const { request, response, method, url, body } = exchange;
    if (method === 'POST' && url.pathname === '/v2/oauth2/tokens/revoke') {
      clientOf(request, clients);
      let token: unknown;
      try {
        token = (JSON.parse(body) as { token?: unknown }).token;
      } catch {
        token = undefined;
      }
      if (typeof token !== 'string' || !token) throw oauthError('invalid_request');
      tokens.revoke(token);
      response.writeHead(200).end();
      return true;
    }
    return false;
  };
}
