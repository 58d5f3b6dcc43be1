import type { SignInBody } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { users } from '../../platform/db/schema/index.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import {
  claimRefreshToken,
  findRefreshToken,
  insertRefreshToken,
  revokeRefreshFamily,
} from './refresh-tokens.queries.ts';

/**
 * Two tabs refreshing at once present the same cookie. A second use this soon after the first
 * is that race, not theft, so it gets a fresh token in the same family instead of a lock-out.
 */
const CONCURRENT_REFRESH_GRACE_MS = 30_000;

export type IssuedSession = { userId: string; refreshToken: string };

// Guessing passwords: a handful of tries per account, more per address (offices share one).
const SIGN_IN_RULES = {
  perEmail: { name: 'sign-in-email', limit: 10, windowMs: 15 * 60_000 },
  perClient: { name: 'sign-in-client', limit: 100, windowMs: 15 * 60_000 },
};

export function createAuthService({ database: { db }, now }: Pick<AppDeps, 'database' | 'now'>) {
  return {
    async signIn({
      credentials,
      clientAddress,
    }: {
      credentials: SignInBody;
      clientAddress: string;
    }): Promise<IssuedSession> {
      await consumeRateLimit({ db, rule: SIGN_IN_RULES.perClient, subject: clientAddress, now: now() });
      await consumeRateLimit({ db, rule: SIGN_IN_RULES.perEmail, subject: credentials.email, now: now() });
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, credentials.email));
      if (!(await verifyPassword(user?.passwordHash, credentials.password)) || !user) {
        throw new AppError('INVALID_CREDENTIALS', 'Email or password is incorrect.');
      }
      return { userId: user.id, refreshToken: await insertRefreshToken(db, { userId: user.id, now: now() }) };
    },

    async refresh(presented: string | undefined): Promise<IssuedSession> {
      if (!presented) throw unauthorized('No session to refresh; please sign in.');
      const at = now();
      const claimed = await claimRefreshToken(db, { token: presented, now: at });
      if (claimed) {
        const refreshToken = await insertRefreshToken(db, { ...claimed, now: at });
        return { userId: claimed.userId, refreshToken };
      }
      const existing = await findRefreshToken(db, presented);
      if (!existing || existing.revokedAt || existing.expiresAt <= at || !existing.usedAt) {
        throw unauthorized('Your session has ended; please sign in again.');
      }
      if (at.getTime() - existing.usedAt.getTime() <= CONCURRENT_REFRESH_GRACE_MS) {
        const refreshToken = await insertRefreshToken(db, { ...existing, now: at });
        return { userId: existing.userId, refreshToken };
      }
      // A token used long ago came back: the cookie was copied. End every session from that sign-in.
      await revokeRefreshFamily(db, { familyId: existing.familyId, now: at });
      throw unauthorized('Your session has ended; please sign in again.');
    },

    async signOut(presented: string | undefined): Promise<void> {
      if (!presented) return;
      const existing = await findRefreshToken(db, presented);
      if (existing) await revokeRefreshFamily(db, { familyId: existing.familyId, now: now() });
    },
  };
}
