import type { OAuthClientConfig } from '../accounting-config.ts';

// Intuit's four hosts: the consent page (appcenter.intuit.com), the token endpoint
// (oauth.platform.intuit.com), revocation (developer.api.intuit.com, as Intuit's OpenID discovery
// document names it) and the Accounting API. In tests one stand-in (QUICKBOOKS_API_BASE) serves
// all four under the same paths.

export type QuickBooksHosts = { appcenter: URL; oauth: URL; revoke: URL; api: URL };

export function quickBooksHostsOf(config: OAuthClientConfig): QuickBooksHosts {
  if (config.apiBase) {
    return { appcenter: config.apiBase, oauth: config.apiBase, revoke: config.apiBase, api: config.apiBase };
  }
  return {
    appcenter: new URL('https://appcenter.intuit.com'),
    oauth: new URL('https://oauth.platform.intuit.com'),
    revoke: new URL('https://developer.api.intuit.com'),
    api: new URL('https://quickbooks.api.intuit.com'),
  };
}
