import { type Exchange, oauthError, sendHtml, sendJson } from './stand-in-http.ts';
import { consentPage, DECISION_PATH, errorPage } from './stand-in-pages.ts';
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

function refusal(query: URLSearchParams, clients: Map<string, string>): [string, string] | null {
  if (!clients.has(query.get('client_id') ?? '')) return ['invalid_client', 'Unknown API key'];
  const redirect = query.get('redirect_uri') ?? '';
  if (!URL.canParse(redirect) || !/^https?:$/.test(new URL(redirect).protocol)) {
    return ['invalid_request', 'Invalid redirect_uri'];
  }
  if (query.get('response_type') !== 'code') return ['unsupported_response_type', 'Only response_type=code'];
  if (!query.get('scope')) return ['invalid_scope', 'No scope was requested'];
  return null;
}

function backTo(query: URLSearchParams, answer: Record<string, string>) {
  const target = new URL(query.get('redirect_uri')!);
  for (const [name, value] of Object.entries(answer)) target.searchParams.set(name, value);
  const state = query.get('state');
  if (state !== null) target.searchParams.set('state', state);
  return target.toString();
}

export function oauthRoutes(options: OAuthOptions) {
  const { tokens, clients } = options;

  return function secure({ response, method, url, body }: Exchange): boolean {
    const path = url.pathname;
    if (method === 'GET' && path === '/oauth2/account/authorize') {
      const wrong = refusal(url.searchParams, clients);
      if (wrong) sendHtml(response, 400, errorPage(...wrong));
      else sendHtml(response, 200, consentPage(url.searchParams, options.files()));
      return true;
    }
    if (method === 'POST' && path === DECISION_PATH) {
      const form = new URLSearchParams(body);
      const wrong = refusal(form, clients);
      if (wrong) return (sendHtml(response, 400, errorPage(...wrong)), true);
      let location: string;
      if (form.get('decision') === 'allow') {
        const file = options.files().find((candidate) => candidate.id === form.get('business_id'));
        if (!file)
          return (sendHtml(response, 400, errorPage('access_denied', 'Choose a company file')), true);
        const code = tokens.createCode({
          clientId: form.get('client_id')!,
          redirectUri: form.get('redirect_uri')!,
          scope: form.get('scope')!,
          file,
        });
        // MYOB names the file on the redirect (with prompt=consent, as new keys must ask).
        location = backTo(form, {
          code,
          ...(form.get('prompt') === 'consent' ? { businessId: file.id, businessName: file.name } : {}),
        });
      } else {
        location = backTo(form, { error: 'access_denied' });
      }
      response.writeHead(302, { location }).end();
      return true;
    }
    if (method === 'POST' && path === '/oauth2/v1/authorize') {
      const form = new URLSearchParams(body);
      const grantType = form.get('grant_type') ?? '(none)';
      options.tokenRequests[grantType] = (options.tokenRequests[grantType] ?? 0) + 1;
      const clientId = form.get('client_id') ?? '';
      if (!clients.has(clientId) || clients.get(clientId) !== form.get('client_secret')) {
        throw oauthError('invalid_client', 401);
      }
      let answer;
      if (grantType === 'authorization_code') {
        answer = tokens.exchangeCode({
          clientId,
          code: form.get('code') ?? '',
          redirectUri: form.get('redirect_uri') ?? '',
        });
      } else if (grantType === 'refresh_token') {
        answer = tokens.refresh({ clientId, refreshToken: form.get('refresh_token') ?? '' });
      } else {
        throw oauthError('unsupported_grant_type');
      }
      sendJson(response, 200, answer, { 'cache-control': 'no-store' });
      return true;
    }
    return false;
  };
}
