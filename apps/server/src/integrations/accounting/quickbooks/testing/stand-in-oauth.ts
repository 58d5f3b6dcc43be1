import type { IncomingMessage } from 'node:http';
import type { StandInCompany } from './stand-in-company.ts';
import { type Exchange, oauthError, sendHtml, sendJson } from './stand-in-http.ts';
import { consentPage, DECISION_PATH, errorPage } from './stand-in-pages.ts';
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

/** The confidential client on the token and revoke endpoints: HTTP Basic only, as at Intuit. */
function clientOf(request: IncomingMessage, clients: Map<string, string>): string {
  const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!basic) throw oauthError('invalid_client', 401);
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  if (colon < 0 || clients.get(id) !== secret) throw oauthError('invalid_client', 401);
  return id;
}

function refusal(query: URLSearchParams, clients: Map<string, string>): [string, string] | null {
  if (!clients.has(query.get('client_id') ?? '')) return ['invalid_client', 'Unknown client'];
  const redirect = query.get('redirect_uri') ?? '';
  if (!URL.canParse(redirect) || !/^https?:$/.test(new URL(redirect).protocol)) {
    return ['invalid_request', 'The redirect_uri query parameter value is invalid'];
  }
  if (query.get('response_type') !== 'code') return ['unsupported_response_type', 'Only response_type=code'];
  if (!(query.get('scope') ?? '').split(' ').includes('com.intuit.quickbooks.accounting')) {
    return ['invalid_scope', 'The scope com.intuit.quickbooks.accounting is required'];
  }
  if (!query.get('state')) return ['invalid_request', 'state is required'];
  return null;
}

function backTo(query: URLSearchParams, answer: Record<string, string>) {
  const target = new URL(query.get('redirect_uri')!);
  for (const [name, value] of Object.entries(answer)) target.searchParams.set(name, value);
  target.searchParams.set('state', query.get('state') ?? '');
  return target.toString();
}

export function oauthRoutes(options: OAuthOptions) {
  const { tokens, clients } = options;

  return function oauth({ request, response, method, url, body }: Exchange): boolean {
    const path = url.pathname;
    if (method === 'GET' && path === '/connect/oauth2') {
      const wrong = refusal(url.searchParams, clients);
      if (wrong) sendHtml(response, 400, errorPage(...wrong));
      else sendHtml(response, 200, consentPage(url.searchParams, options.companies()));
      return true;
    }
    if (method === 'POST' && path === DECISION_PATH) {
      const form = new URLSearchParams(body);
      const wrong = refusal(form, clients);
      if (wrong) return (sendHtml(response, 400, errorPage(...wrong)), true);
      let location: string;
      if (form.get('decision') === 'allow') {
        const company = options.companies().find((candidate) => candidate.realmId === form.get('realm_id'));
        if (!company) return (sendHtml(response, 400, errorPage('access_denied', 'Choose a company')), true);
        const code = tokens.createCode({
          clientId: form.get('client_id')!,
          redirectUri: form.get('redirect_uri')!,
          realmId: company.realmId,
          scope: form.get('scope')!,
        });
        location = backTo(form, { code, realmId: company.realmId });
      } else {
        location = backTo(form, { error: 'access_denied' });
      }
      response.writeHead(302, { location }).end();
      return true;
    }
    if (method === 'POST' && path === '/oauth2/v1/tokens/bearer') {
      const form = new URLSearchParams(body);
      const grantType = form.get('grant_type') ?? '(none)';
      options.tokenRequests[grantType] = (options.tokenRequests[grantType] ?? 0) + 1;
      const clientId = clientOf(request, clients);
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
      sendJson(response, 200, answer, { 'cache-control': 'no-store', pragma: 'no-cache' });
      return true;
    }
    if (method === 'POST' && path === '/v2/oauth2/tokens/revoke') {
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
