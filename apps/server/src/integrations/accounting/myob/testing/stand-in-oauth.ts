import { errorPage } from '../../testing/consent-form.ts';
import { consentRoutes, isWebAddress, type Refusal, tokenRoute } from '../../testing/stand-in-oauth.ts';
import { type Exchange, oauthError, sendJson } from './stand-in-http.ts';
import { consentPage, DECISION_PATH } from './stand-in-pages.ts';
import type { CompanyFile, TokenStore } from './stand-in-tokens.ts';

// secure.myob.com's routes over HTTP: /oauth2/account/authorize (the consent page and the decision
// it posts) and /oauth2/v1/authorize, MYOB's token endpoint, which takes the client's id and
// secret in the posted form (no HTTP Basic, no PKCE).

type OAuthOptions = {
  tokens: TokenStore;
  clients: Map<string, string>;
  files: () => CompanyFile[];
  tokenRequests: Record<string, number>;
};

function refusal(query: URLSearchParams, clients: Map<string, string>): Refusal | null {
  if (!clients.has(query.get('client_id') ?? '')) return ['invalid_client', 'Unknown API key'];
  if (!isWebAddress(query.get('redirect_uri') ?? '')) return ['invalid_request', 'Invalid redirect_uri'];
  if (query.get('response_type') !== 'code') return ['unsupported_response_type', 'Only response_type=code'];
  if (!query.get('scope')) return ['invalid_scope', 'No scope was requested'];
  return null;
}

export function oauthRoutes(options: OAuthOptions) {
  const { tokens, clients } = options;

  const consent = consentRoutes({
    authorizePath: '/oauth2/account/authorize',
    decisionPath: DECISION_PATH,
    refusal: (query) => refusal(query, clients),
    consentPage: (query) => consentPage(query, options.files()),
    errorPage,
    allow(form) {
      const file = options.files().find((candidate) => candidate.id === form.get('business_id'));
      if (!file) return ['access_denied', 'Choose a company file'];
      const code = tokens.createCode({
        clientId: form.get('client_id')!,
        redirectUri: form.get('redirect_uri')!,
        scope: form.get('scope')!,
        file,
      });
      // MYOB names the file on the redirect (with prompt=consent, as new keys must ask).
      return {
        code,
        ...(form.get('prompt') === 'consent' ? { businessId: file.id, businessName: file.name } : {}),
      };
    },
  });

  const tokenEndpoint = tokenRoute({
    path: '/oauth2/v1/authorize',
    tokenRequests: options.tokenRequests,
    // The client's id and secret come in the form.
    client: (_request, form) => {
      const clientId = form.get('client_id') ?? '';
      if (!clients.has(clientId) || clients.get(clientId) !== form.get('client_secret')) {
        throw oauthError('invalid_client', 401);
      }
      return { clientId };
    },
    tokens,
    oauthError,
    sendJson,
    headers: { 'cache-control': 'no-store' },
  });

  return function secure(exchange: Exchange): boolean {
    return consent(exchange) || tokenEndpoint(exchange);
  };
}
