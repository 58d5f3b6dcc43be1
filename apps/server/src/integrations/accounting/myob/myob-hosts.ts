import type { OAuthClientConfig } from '../accounting-config.ts';

// MYOB's two hosts: secure.myob.com (the consent page and the token endpoint) and api.myob.com
// (the AccountRight API). In tests one stand-in (MYOB_API_BASE) serves both under the same paths.

export type MyobHosts = { secure: URL; api: URL };

export function myobHostsOf(config: OAuthClientConfig): MyobHosts {
  if (config.apiBase) return { secure: config.apiBase, api: config.apiBase };
  return { secure: new URL('https://secure.myob.com'), api: new URL('https://api.myob.com') };
}
