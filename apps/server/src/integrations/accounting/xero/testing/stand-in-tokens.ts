import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { oauthError, unauthorized } from './stand-in-http.ts';

// Xero's identity server, without the HTTP: authorisation codes, grants (one per consent, Xero's
// "auth event"), the tokens issued from a grant, and the connections (tenants) a grant covers.
// Everything keys on the stand-in's clock (`now`), so a test can let tokens and codes expire.

export type Tenant = { tenantId: string; tenantName: string };

export type Connection = {
  id: string;
  authEventId: string;
  tenantId: string;
  tenantType: 'ORGANISATION';
  tenantName: string;
  createdDateUtc: string;
  updatedDateUtc: string;
};

export type TokenAnswer = {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
  id_token?: string;
};

type Code = {
  clientId: string;
  redirectUri: string;
  /** The PKCE challenge (S256) given at /authorize; null without PKCE (a confidential client). */
  challenge: string | null;
  scope: string;
  tenants: Tenant[];
  expiresAt: number;
  /** The grant its first exchange made: a second exchange revokes it (RFC 6749 §4.1.2). */
  grant: Grant | null;
};

export type Grant = {
  authEventId: string;
  clientId: string;
  /** Made by a public client (PKCE, no secret): it refreshes with client_id alone. */
  isPublic: boolean;
  scope: string;
  userId: string;
  connections: Connection[];
  /** When consent was withdrawn or a token of its chain revoked: every token of it stops working. */
  revokedAt: number | null;
};

type RefreshToken = { grant: Grant; expiresAt: number; usedAt: number | null; answer: TokenAnswer | null };
type AccessToken = { grant: Grant; expiresAt: number };

export const ACCESS_TOKEN_SECONDS = 1800;
const CODE_MS = 5 * 60_000;
/** Xero lets the client repeat a refresh it did not hear the answer to, for 30 minutes. */
export const REFRESH_GRACE_MS = 30 * 60_000;
/** A refresh token not used for 60 days expires. */
const REFRESH_TOKEN_MS = 60 * 24 * 60 * 60_000;

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** JWT-shaped like Xero's (clients decode authentication_event_id from it); signed with HS256. */
function jwt(claims: Record<string, unknown>, secret: string) {
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT', kid: 'stand-in' })}.${base64url(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** "TokenExpired: token expired at 05/14/2025 03:12:09", Xero's wording (UTC, US order). */
function expiredAt(ms: number) {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

export function createTokenStore(options: {
  clients: Map<string, string>;
  now: () => number;
  issuer: () => string;
}) {
  const { clients, now } = options;
  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, RefreshToken>();
  const accessTokens = new Map<string, AccessToken>();
  const grants: Grant[] = [];

  function issue(grant: Grant, withIdToken: boolean): TokenAnswer {
    const issuedAt = Math.floor(now() / 1000);
    const secret = clients.get(grant.clientId) ?? '';
    const common = { iss: options.issuer(), iat: issuedAt, nbf: issuedAt, sub: grant.userId };
    const access = jwt(
      {
        ...common,
        exp: issuedAt + ACCESS_TOKEN_SECONDS,
        aud: `${options.issuer()}/resources`,
        client_id: grant.clientId,
        xero_userid: grant.userId,
        authentication_event_id: grant.authEventId,
        jti: randomUUID(),
        scope: grant.scope.split(' '),
      },
      secret,
    );
    accessTokens.set(access, { grant, expiresAt: now() + ACCESS_TOKEN_SECONDS * 1000 });
    const answer: TokenAnswer = {
      access_token: access,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'Bearer',
      scope: grant.scope,
    };
    // Only offline_access earns a refresh token, as at Xero: without it, reconnect every 30 minutes.
    if (grant.scope.split(' ').includes('offline_access')) {
      const refresh = randomBytes(32).toString('hex');
      refreshTokens.set(refresh, { grant, expiresAt: now() + REFRESH_TOKEN_MS, usedAt: null, answer: null });
      answer.refresh_token = refresh;
    }
    if (withIdToken && grant.scope.split(' ').includes('openid')) {
      answer.id_token = jwt(
        {
          ...common,
          exp: issuedAt + 300,
          aud: grant.clientId,
          xero_userid: grant.userId,
          email: 'owner@harbourside.example',
          given_name: 'Stand-in',
          family_name: 'Owner',
        },
        secret,
      );
    }
    return answer;
  }

  return {
    grants,
    /** Every access and refresh token issued: a test looks for them where they must never be. */
    issuedTokens: () => [...accessTokens.keys(), ...refreshTokens.keys()],
    /** The person allowed access on the consent page: a single-use code for those tenants. */
    createCode(input: Omit<Code, 'expiresAt' | 'grant'>): string {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { ...input, expiresAt: now() + CODE_MS, grant: null });
      return code;
    },

    exchangeCode(input: {
      clientId: string;
      isPublic: boolean;
      code: string;
      redirectUri: string;
      verifier: string | undefined;
    }): TokenAnswer {
      const code = codes.get(input.code);
      if (!code) throw oauthError('invalid_grant');
      if (code.grant) {
        // A replayed code means it leaked: what it was first exchanged for stops working.
        code.grant.revokedAt ??= now();
        throw oauthError('invalid_grant');
      }
      if (code.expiresAt <= now() || code.clientId !== input.clientId) throw oauthError('invalid_grant');
      if (code.redirectUri !== input.redirectUri) throw oauthError('invalid_grant');
      if (code.challenge !== null && (!input.verifier || s256(input.verifier) !== code.challenge)) {
        throw oauthError('invalid_grant');
      }
      // A public client proves itself only through PKCE.
      if (input.isPublic && code.challenge === null) throw oauthError('invalid_client', 401);
      const at = new Date(now()).toISOString();
      const authEventId = randomUUID();
      const grant: Grant = {
        authEventId,
        clientId: code.clientId,
        isPublic: input.isPublic,
        scope: code.scope,
        userId: randomUUID(),
        revokedAt: null,
        connections: code.tenants.map((tenant) => ({
          id: randomUUID(),
          authEventId,
          tenantId: tenant.tenantId,
          tenantType: 'ORGANISATION',
          tenantName: tenant.tenantName,
          createdDateUtc: at,
          updatedDateUtc: at,
        })),
      };
      code.grant = grant;
      grants.push(grant);
      return issue(grant, true);
    },

    /**
     * A new pair for a refresh token, which is then spent. Within the grace period the spent token
     * answers the pair it first answered (the client may have lost that answer); after it, nothing.
     */
    refresh(input: { clientId: string; isPublic: boolean; refreshToken: string }): TokenAnswer {
      const token = refreshTokens.get(input.refreshToken);
      if (!token || token.grant.revokedAt !== null || token.grant.clientId !== input.clientId) {
        throw oauthError('invalid_grant');
      }
      if (input.isPublic && !token.grant.isPublic) throw oauthError('invalid_client', 401);
      if (token.usedAt !== null) {
        if (now() - token.usedAt <= REFRESH_GRACE_MS && token.answer) return token.answer;
        throw oauthError('invalid_grant');
      }
      if (token.expiresAt <= now()) throw oauthError('invalid_grant');
      token.usedAt = now();
      token.answer = issue(token.grant, false);
      return token.answer;
    },

    /** /connect/revocation: the refresh token's whole chain (its grant) stops working. */
    revoke(refreshToken: string) {
      const token = refreshTokens.get(refreshToken);
      if (token) token.grant.revokedAt ??= now();
    },

    /** Consent withdrawn at Xero (the organisation disconnected the app): every grant ends. */
    revokeAll() {
      for (const grant of grants) grant.revokedAt ??= now();
    },

    /** The grant behind a Bearer token still in force, or the API's 401. */
    grantOf(authorization: string | undefined): Grant {
      const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
      const token = presented ? accessTokens.get(presented) : undefined;
      if (!token) throw unauthorized('AuthenticationUnsuccessful');
      const endedAt = Math.min(token.expiresAt, token.grant.revokedAt ?? Infinity);
      if (endedAt <= now()) throw unauthorized(`TokenExpired: token expired at ${expiredAt(endedAt)}`);
      return token.grant;
    },

    /** DELETE /connections/{id}: the grant no longer reaches that tenant. */
    deleteConnection(grant: Grant, id: string): boolean {
      const before = grant.connections.length;
      grant.connections = grant.connections.filter((connection) => connection.id !== id);
      return grant.connections.length < before;
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
