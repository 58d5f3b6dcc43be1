import { ACCESS_TOKEN_TTL_SECONDS } from '@tradeport/contract';
import { errors, jwtVerify, SignJWT } from 'jose';

export type AccessTokenIssuer = {
  issue(userId: string): Promise<{ access_token: string; expires_at: string }>;
  /** The user id, or undefined for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<string | undefined>;
};

const ALGORITHM = 'HS256';
const ISSUER = 'tradeport';
// jose verifies through WebCrypto, which costs ~0.2 ms a call; a page load makes several calls
// with the same token. A verified token string cannot change, so remember the answer (bounded),
// and still check its expiry every time.
const VERIFIED_CACHE_LIMIT = 10_000;

export function createAccessTokens(secret: string, now: () => number = Date.now): AccessTokenIssuer {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { userId: string; expiresAtMs: number }>();
  return {
    async issue(userId) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { access_token: token, expires_at: new Date(expiresAt * 1000).toISOString() };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known.expiresAtMs > now() ? known.userId : undefined;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return undefined;
        if (verified.size >= VERIFIED_CACHE_LIMIT) verified.delete(verified.keys().next().value!);
        verified.set(token, { userId: payload.sub, expiresAtMs: payload.exp * 1000 });
        return payload.sub;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
