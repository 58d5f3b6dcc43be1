import type { OAuthClientConfig } from '../accounting-config.ts';

// Xero's three hosts; in tests one stand-in (XERO_API_BASE) serves all three under the same paths.

export type XeroHosts = { login: URL; identity: URL; api: URL };

export function xeroHostsOf(config: OAuthClientConfig): XeroHosts {
  if (config.apiBase) return { login: config.apiBase, identity: config.apiBase, api: config.apiBase };
  return {
    login: new URL('https://login.xero.com'),
    identity: new URL('https://identity.xero.com'),
    api: new URL('https://api.xero.com'),
  };
}
