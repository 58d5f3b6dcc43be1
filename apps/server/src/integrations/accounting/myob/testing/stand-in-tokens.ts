import { randomBytes, randomUUID } from 'node:crypto';
import { oauthError, unauthorized } from './stand-in-http.ts';

// secure.myob.com without the HTTP: single-use authorisation codes, grants (one per consent, for
// the one company file the person chose), access tokens of 20 minutes and refresh tokens that
// rotate (a spent one is refused). Everything keys on the stand-in's clock.

export type CompanyFile = { id: string; name: string };

export type TokenAnswer = {
  access_token: string;
  token_type: 'bearer';
  /** MYOB answers it as a string. */
  expires_in: string;
  refresh_token: string;
  scope: string;
  user: { uid: string; username: string };
};

type Code = {
  clientId: string;
  redirectUri: string;
  scope: string;
  file: CompanyFile;
  expiresAt: number;
  used: boolean;
};

export type Grant = {
  clientId: string;
  scope: string;
  file: CompanyFile;
  userId: string;
  revokedAt: number | null;
};

export const ACCESS_TOKEN_SECONDS = 1200;
const CODE_MS = 5 * 60_000;
const REFRESH_TOKEN_MS = 7 * 24 * 60 * 60_000;

export function createTokenStore(now: () => number) {
  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, { grant: Grant; expiresAt: number; spent: boolean }>();
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const grants: Grant[] = [];

  function issue(grant: Grant): TokenAnswer {
    const access = randomBytes(48).toString('base64url');
    const refresh = randomBytes(32).toString('base64url');
    accessTokens.set(access, { grant, expiresAt: now() + ACCESS_TOKEN_SECONDS * 1000 });
    refreshTokens.set(refresh, { grant, expiresAt: now() + REFRESH_TOKEN_MS, spent: false });
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: String(ACCESS_TOKEN_SECONDS),
      refresh_token: refresh,
      scope: grant.scope,
      user: { uid: grant.userId, username: 'owner@harbourside.example' },
    };
  }

  return {
    grants,
    /** Every access and refresh token issued so far (a test checks none reached a log). */
    issuedTokens: () => [...accessTokens.keys(), ...refreshTokens.keys()],
    createCode(input: Omit<Code, 'expiresAt' | 'used'>) {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { ...input, expiresAt: now() + CODE_MS, used: false });
      return code;
    },

    exchangeCode(input: { clientId: string; code: string; redirectUri: string }): TokenAnswer {
      const code = codes.get(input.code);
      if (!code || code.used || code.expiresAt <= now()) throw oauthError('invalid_grant');
      if (code.clientId !== input.clientId || code.redirectUri !== input.redirectUri) {
        throw oauthError('invalid_grant');
      }
      code.used = true;
      const grant: Grant = {
        clientId: code.clientId,
        scope: code.scope,
        file: code.file,
        userId: randomUUID(),
        revokedAt: null,
      };
      grants.push(grant);
      return issue(grant);
    },

    refresh(input: { clientId: string; refreshToken: string }): TokenAnswer {
      const token = refreshTokens.get(input.refreshToken);
      if (!token || token.spent || token.expiresAt <= now() || token.grant.revokedAt !== null) {
        throw oauthError('invalid_grant');
      }
      if (token.grant.clientId !== input.clientId) throw oauthError('invalid_grant');
      token.spent = true;
      return issue(token.grant);
    },

    /** The merchant removed the app in my.MYOB: every token issued so far stops working. */
    revokeAll() {
      for (const grant of grants) grant.revokedAt ??= now();
    },

    /** The grant behind a Bearer token still in force, or the API's 401. */
    grantOf(authorization: string | undefined): Grant {
      const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
      const token = presented ? accessTokens.get(presented) : undefined;
      if (!token || token.expiresAt <= now() || token.grant.revokedAt !== null) throw unauthorized();
      return token.grant;
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
