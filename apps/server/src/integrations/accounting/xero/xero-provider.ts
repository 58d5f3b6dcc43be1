import type { AccountingProviderClient, ProviderTenant, TokenSet } from '../accounting-provider.ts';
import type { OAuthClientConfig } from '../accounting-config.ts';
import { callProvider, tokenSetOf } from '../provider-http.ts';
import { ProviderRefusedError } from '../accounting-errors.ts';
import { createXeroApi } from './xero-api.ts';
import { createXeroBooks } from './xero-books.ts';
import { createXeroDirectory } from './xero-directory.ts';
import { createXeroDocuments } from './xero-documents.ts';
import { type XeroHosts, xeroHostsOf } from './xero-hosts.ts';

// Xero as an accounting provider. Its OAuth 2.0 (developer.xero.com/documentation/guides/oauth2/
// auth-flow) is here: the authorisation code flow with PKCE, the client's secret in HTTP Basic on
// the token endpoint, refresh tokens that rotate on every use, revocation, and /connections for the
// organisations a grant reaches (an access token is not bound to one: each API call names its
// tenant). Its books are read and written through xero-api.ts (xero-books.ts, xero-documents.ts).

/**
 * The granular scopes Xero requires of apps made since March 2026: invoices and credit notes,
 * payments, contacts, and settings (accounts, tax rates, items); offline_access for a refresh token.
 */
export const XERO_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'accounting.invoices',
  'accounting.payments',
  'accounting.contacts',
  'accounting.settings',
].join(' ');

const TIMEOUT_MS = 15_000;

export function createXeroProvider(
  config: OAuthClientConfig,
  options: { now: () => Date },
): AccountingProviderClient {
  const hosts: XeroHosts = xeroHostsOf(config);
  const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;

  const call = (url: URL, init: RequestInit) =>
    callProvider('Xero', url, init, { now: options.now, timeoutMs: TIMEOUT_MS });

  async function tokens(form: Record<string, string>): Promise<TokenSet> {
    const response = await call(new URL('/connect/token', hosts.identity), {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    return tokenSetOf('Xero', response, { now: options.now, defaultExpiresInSeconds: 1800 });
  }

  const api = createXeroApi(config, options);

  return {
    id: 'xero',
    // developer.xero.com/documentation/guides/oauth2/limits: 60 calls a minute per organisation.
    callsPerMinute: 60,
    rateLimitFor: 'BOOKS',
    ...createXeroBooks(api),
    ...createXeroDirectory(api),
    ...createXeroDocuments(api),

    consentUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL('/identity/connect/authorize', hosts.login);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: XERO_SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url;
    },

    exchangeCode: ({ code, redirectUri, codeVerifier }) =>
      tokens({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }),

    refresh: (refreshToken) => tokens({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    async revoke(refreshToken) {
      const response = await call(new URL('/connect/revocation', hosts.identity), {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: refreshToken }),
      });
      // Already revoked or unknown is what revoking wanted.
      if (!response.ok && response.status !== 400) {
        throw new ProviderRefusedError(
          `Xero refused to revoke the grant (${response.status})`,
          response.status,
        );
      }
    },

    async listTenants(accessToken): Promise<ProviderTenant[]> {
      const response = await call(new URL('/connections', hosts.api), {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      if (!response.ok) {
        throw new ProviderRefusedError(
          `Xero refused to list the organisations (${response.status})`,
          response.status,
          response.status === 401,
        );
      }
      const connections = (await response.json()) as {
        tenantId: string;
        tenantName: string;
        tenantType: string;
      }[];
      return connections
        .filter((connection) => connection.tenantType === 'ORGANISATION')
        .map((connection) => ({ id: connection.tenantId, name: connection.tenantName }));
    },
  };
}
