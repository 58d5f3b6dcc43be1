import type { AccountingProviderClient, ProviderTenant, TokenSet } from '../accounting-provider.ts';
import type { OAuthClientConfig } from '../accounting-config.ts';
import { callProvider, tokenSetOf } from '../provider-http.ts';
import { createMyobApi } from './myob-api.ts';
import { createMyobBooks } from './myob-books.ts';
import { createMyobDirectory } from './myob-directory.ts';
import { createMyobDocuments } from './myob-documents.ts';
import { type MyobHosts, myobHostsOf } from './myob-hosts.ts';

// MYOB Business (AccountRight, cloud company files) as an accounting provider. Its OAuth 2.0
// (developer.myob.com/api/myob-business-api/api-overview/authentication) is here: the
// authorisation code flow without PKCE (the signed state protects the attempt, so codeChallenge
// and codeVerifier are not sent), the client id and secret in the form posted to
// secure.myob.com/oauth2/v1/authorize (which is MYOB's token endpoint too), access tokens of 20
// minutes and refresh tokens that rotate. MYOB has no revocation endpoint: revoking forgets the
// tokens (the merchant removes the app in my.MYOB to withdraw it there). Since March 2025 a
// consent names one company file: MYOB adds `businessId` and `businessName` to the redirect
// (with prompt=consent), and GET /accountright/ may no longer list files for new keys, so
// listTenants takes the businessId as `realmId` when the wiring passes it.

/** MYOB's granular scopes (mandatory from March 2026): the file, customers, sales, banking, ledger, items. */
export const MYOB_SCOPES = [
  'sme-company-file',
  'sme-contacts-customer',
  'sme-sales',
  'sme-banking',
  'sme-general-ledger',
  'sme-inventory',
].join(' ');

const TIMEOUT_MS = 15_000;

/** MYOB answers `expires_in` as a string ("1200"). */
export function createMyobProvider(
  config: OAuthClientConfig,
  options: {
    now: () => Date;
    /** Calls a second on the API key (MYOB's limit unless said); more in tests of a faster stand-in. */
    callsPerSecond?: number;
  },
): AccountingProviderClient {
  const hosts: MyobHosts = myobHostsOf(config);

  async function tokens(form: Record<string, string>): Promise<TokenSet> {
    // MYOB takes the client's id and secret in the form, not in HTTP Basic.
    const response = await callProvider(
      'MYOB',
      new URL('/oauth2/v1/authorize', hosts.secure),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          ...form,
        }),
      },
      { now: options.now, timeoutMs: TIMEOUT_MS },
    );
    return tokenSetOf('MYOB', response, { now: options.now, defaultExpiresInSeconds: 1200 });
  }

  const api = createMyobApi(config, options);

  return {
    id: 'myob',
    // MYOB limits each API key to 8 calls a second (and a daily quota): 480 a minute.
    callsPerMinute: 480,
    rateLimitFor: 'APP',
    ...createMyobBooks(api),
    ...createMyobDirectory(api),
    ...createMyobDocuments(api),

    consentUrl({ state, redirectUri }) {
      const url = new URL('/oauth2/account/authorize', hosts.secure);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: MYOB_SCOPES,
        state,
        // Makes MYOB ask which company file, and name it (businessId) on the redirect.
        prompt: 'consent',
      }).toString();
      return url;
    },

    exchangeCode: ({ code, redirectUri }) =>
      tokens({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, scope: MYOB_SCOPES }),

    refresh: (refreshToken) => tokens({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    // MYOB has no revocation endpoint: the tokens are forgotten by the caller, and expire.
    revoke: () => Promise.resolve(),

    async listTenants(accessToken, { realmId }): Promise<ProviderTenant[]> {
      if (realmId) {
        // The file the consent named (businessId): its name from the file itself.
        const company = await api.get<{ CompanyName: string }>({ accessToken, tenantId: realmId }, 'Company');
        return [{ id: realmId, name: company.CompanyName }];
      }
      const files = await api.companyFiles(accessToken);
      return files.map((file) => ({ id: file.Id, name: file.Name }));
    },
  };
}
