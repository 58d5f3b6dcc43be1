import { callProvider, tokenSetOf } from '../provider-http.ts';
import { ProviderRefusedError } from '../accounting-errors.ts';
import type { AccountingProviderClient, ProviderTenant, TokenSet } from '../accounting-provider.ts';
import { createQuickBooksApi } from './quickbooks-api.ts';
import { createQuickBooksBooks } from './quickbooks-books.ts';
import { createQuickBooksDirectory, QUICKBOOKS_PAGE_SIZE } from './quickbooks-directory.ts';
import { createQuickBooksDocuments } from './quickbooks-documents.ts';
import { type QuickBooksConfig, type QuickBooksHosts, quickBooksHostsOf } from './quickbooks-hosts.ts';

// QuickBooks Online as an accounting provider. Intuit's OAuth 2.0 (developer.intuit.com/app/
// developer/qbo/docs/develop/authentication-and-authorization/oauth-2.0) is here: the
// authorisation code flow of a confidential client (Intuit documents no PKCE, so the code challenge
// is not sent: the signed state protects the redirect), the secret in HTTP Basic on the token
// endpoint, refresh tokens that may come back new on a refresh (always keep the latest), and
// revocation. A grant reaches one company, whose realmId Intuit appends to the redirect; each API
// call names it in the path. The books are read and written through quickbooks-api.ts.

/** The Accounting API's scope: offline access (a refresh token) comes with it. */
export const QUICKBOOKS_SCOPES = 'com.intuit.quickbooks.accounting';

const TIMEOUT_MS = 15_000;

export function createQuickBooksProvider(
  config: QuickBooksConfig,
  options: {
    now: () => Date;
    /** Query page size (Intuit's largest: 1000); smaller in tests. */ pageSize?: number;
  },
): AccountingProviderClient {
  const hosts: QuickBooksHosts = quickBooksHostsOf(config);
  const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;

  const call = (url: URL, init: RequestInit) =>
    callProvider('QuickBooks', url, init, { now: options.now, timeoutMs: TIMEOUT_MS });

  async function tokens(form: Record<string, string>): Promise<TokenSet> {
    const response = await call(new URL('/oauth2/v1/tokens/bearer', hosts.oauth), {
      method: 'POST',
      headers: {
        authorization: basic,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form),
    });
    return tokenSetOf('QuickBooks', response, { now: options.now, defaultExpiresInSeconds: 3600 });
  }

  const api = createQuickBooksApi(config, options);

  return {
    id: 'quickbooks',
    // developer.intuit.com …/learn/rest-api-features#limits-and-throttles: 500 requests a minute per realm.
    callsPerMinute: 500,
    rateLimitFor: 'BOOKS',
    ...createQuickBooksBooks(api),
    ...createQuickBooksDirectory(api, options.pageSize ?? QUICKBOOKS_PAGE_SIZE),
    ...createQuickBooksDocuments(api),

    consentUrl({ state, redirectUri }) {
      const url = new URL('/connect/oauth2', hosts.appcenter);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        response_type: 'code',
        scope: QUICKBOOKS_SCOPES,
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url;
    },

    exchangeCode: ({ code, redirectUri }) =>
      tokens({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),

    refresh: (refreshToken) => tokens({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    async revoke(refreshToken) {
      const response = await call(new URL('/v2/oauth2/tokens/revoke', hosts.revoke), {
        method: 'POST',
        headers: { authorization: basic, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ token: refreshToken }),
      });
      // Already revoked or unknown is what revoking wanted.
      if (!response.ok && response.status !== 400) {
        throw new ProviderRefusedError(
          `QuickBooks refused to revoke the grant (${response.status})`,
          response.status,
        );
      }
    },

    async listTenants(accessToken, { realmId }): Promise<ProviderTenant[]> {
      // The company is only named on the redirect: without its realmId there is nothing to list.
      if (!realmId) return [];
      const { CompanyInfo } = await api.request<{ CompanyInfo: { CompanyName: string } }>(
        { accessToken, tenantId: realmId },
        'GET',
        `companyinfo/${encodeURIComponent(realmId)}`,
      );
      return [{ id: realmId, name: CompanyInfo.CompanyName }];
    },
  };
}
