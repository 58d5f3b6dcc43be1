import { ACCESS_TOKEN_TTL_SECONDS } from '@tradeport/contract';
import { errors, jwtVerify, SignJWT } from 'jose';

export type AccessTokenIssuer = {
  issue(userId: string): Promise<{ access_token: string; expires_at: string }>;
  /** The user id, or undefined for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<string | undefined>;
};

const ALGORITHM = 'HS256';
const ISSUER = 'tradeport';

export function createAccessTokens(secret: string, now: () => number = Date.now): AccessTokenIssuer {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: new Date(now()),
        });
        return typeof payload.sub === 'string' ? payload.sub : undefined;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
