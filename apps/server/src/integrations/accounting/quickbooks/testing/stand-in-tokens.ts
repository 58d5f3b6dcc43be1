import { randomBytes } from 'node:crypto';
import { oauthError, unauthorized } from './stand-in-http.ts';

// Intuit's OAuth server, without the HTTP: authorisation codes (single use, 5 minutes), grants
// (one per consent, bound to the company chosen), access tokens (an hour) and refresh tokens
// (101 days) that rotate on every use: the token used stops working, as Intuit asks clients to
// always keep the latest. Everything keys on the stand-in's clock (`now`).

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 8_726_400;
const CODE_MS = 5 * 60_000;

export type QuickBooksGrant = { clientId: string; realmId: string; scope: string; revokedAt: number | null };

type Code = {
  clientId: string;
  redirectUri: string;
  realmId: string;
  scope: string;
  expiresAt: number;
  used: boolean;
};

export type TokenAnswer = {
  token_type: 'bearer';
  access_token: string;
  expires_in: number;
  refresh_token: string;
  x_refresh_token_expires_in: number;
};

export function createTokenStore(now: () => number) {
  const codes = new Map<string, Code>();
  const accessTokens = new Map<string, { grant: QuickBooksGrant; expiresAt: number }>();
  const refreshTokens = new Map<string, { grant: QuickBooksGrant; expiresAt: number; used: boolean }>();
  const grants: QuickBooksGrant[] = [];

  function issue(grant: QuickBooksGrant): TokenAnswer {
    const access = `eyJ.${randomBytes(32).toString('base64url')}`;
    const refresh = `AB11${randomBytes(24).toString('base64url')}`;
    accessTokens.set(access, { grant, expiresAt: now() + ACCESS_TOKEN_SECONDS * 1000 });
    refreshTokens.set(refresh, { grant, expiresAt: now() + REFRESH_TOKEN_SECONDS * 1000, used: false });
    return {
      token_type: 'bearer',
      access_token: access,
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refresh,
      x_refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    };
  }

  return {
    grants,
    /** Every access and refresh token issued so far (a test checks none reached a log). */
    issuedTokens: () => [...accessTokens.keys(), ...refreshTokens.keys()],
    createCode(input: Omit<Code, 'expiresAt' | 'used'>): string {
      const code = `AB11${randomBytes(24).toString('base64url')}`;
      codes.set(code, { ...input, expiresAt: now() + CODE_MS, used: false });
      return code;
    },

    exchangeCode(input: { clientId: string; code: string; redirectUri: string }): TokenAnswer {
      const code = codes.get(input.code);
      if (!code || code.used || code.expiresAt <= now() || code.clientId !== input.clientId) {
        throw oauthError('invalid_grant');
      }
      if (code.redirectUri !== input.redirectUri) throw oauthError('invalid_grant');
      code.used = true;
      const grant: QuickBooksGrant = {
        clientId: code.clientId,
        realmId: code.realmId,
        scope: code.scope,
        revokedAt: null,
      };
      grants.push(grant);
      return issue(grant);
    },

    /** A new pair; the refresh token used is spent. */
    refresh(input: { clientId: string; refreshToken: string }): TokenAnswer {
      const token = refreshTokens.get(input.refreshToken);
      if (!token || token.used || token.grant.revokedAt !== null || token.grant.clientId !== input.clientId) {
        throw oauthError('invalid_grant');
      }
      if (token.expiresAt <= now()) throw oauthError('invalid_grant');
      token.used = true;
      return issue(token.grant);
    },

    /** Revoking either token ends the grant: every token of it stops working. */
    revoke(token: string) {
      const grant = refreshTokens.get(token)?.grant ?? accessTokens.get(token)?.grant;
      if (grant) grant.revokedAt ??= now();
    },

    /** The company disconnected the app: every grant ends. */
    revokeAll() {
      for (const grant of grants) grant.revokedAt ??= now();
    },

    /** The grant behind a Bearer token still in force, or the gateway's 401. */
    grantOf(authorization: string | undefined): QuickBooksGrant {
      const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
      const token = presented ? accessTokens.get(presented) : undefined;
      if (!token) throw unauthorized('Token invalid');
      if (token.grant.revokedAt !== null && token.grant.revokedAt <= now())
        throw unauthorized('Token revoked');
      if (token.expiresAt <= now()) throw unauthorized('Token expired');
      return token.grant;
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
