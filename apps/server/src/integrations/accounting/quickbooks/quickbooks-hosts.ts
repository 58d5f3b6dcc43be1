import type { OAuthClientConfig } from '../accounting-config.ts';

// Intuit's four hosts: the consent page (appcenter.intuit.com), the token endpoint
// (oauth.platform.intuit.com), revocation (developer.api.intuit.com, as Intuit's OpenID discovery
// document names it) and the Accounting API. In tests one stand-in (QUICKBOOKS_API_BASE) serves
// all four under the same paths. A development app's keys reach Intuit's sandbox companies, on
// their own API host (QUICKBOOKS_ENVIRONMENT=sandbox); consent and tokens are the same hosts.

/** Intuit's client keys, and whether they are a development app's (sandbox companies). */
export type QuickBooksConfig = OAuthClientConfig & { sandbox?: boolean };

export type QuickBooksHosts = { appcenter: URL; oauth: URL; revoke: URL; api: URL };

export function quickBooksHostsOf(config: QuickBooksConfig): QuickBooksHosts {
  if (config.apiBase) {
    return { appcenter: config.apiBase, oauth: config.apiBase, revoke: config.apiBase, api: config.apiBase };
  }
  return {
    appcenter: new URL('https://appcenter.intuit.com'),
    oauth: new URL('https://oauth.platform.intuit.com'),
    revoke: new URL('https://developer.api.intuit.com'),
    api: new URL(
      config.sandbox ? 'https://sandbox-quickbooks.api.intuit.com' : 'https://quickbooks.api.intuit.com',
    ),
  };
}
