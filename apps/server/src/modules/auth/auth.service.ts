import type { SignInBody } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { findCredentialsByEmail } from './auth.queries.ts';
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

/**
 * Guessing passwords. Only failed attempts count (a success takes its count back), and none of
 * the limits lets someone elsewhere lock the owner out quickly:
 * - per account and client: a handful of wrong passwords from one place;
 * - per client: many more, since an office shares one address;
 * - per account: a slower ceiling over all places, so guessing from many addresses still stops —
 *   the one limit a stranger can exhaust, and only by failing from several addresses for an hour.
 */
export const SIGN_IN_RULES = {
  perAccountClient: { name: 'sign-in-account-client', limit: 10, windowMs: 15 * 60_000 },
  perClient: { name: 'sign-in-client', limit: 100, windowMs: 15 * 60_000 },
  perAccount: { name: 'sign-in-account', limit: 30, windowMs: 60 * 60_000 },
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
      const at = now();
      const { email } = credentials;
      // In this order, each only once the one before passed: attempts already refused for one
      // account and client never reach the account's ceiling, so one address cannot exhaust it.
      const counted = [
        await consumeRateLimit({
          db,
          rule: SIGN_IN_RULES.perAccountClient,
          subject: `${email} ${clientAddress}`,
          now: at,
        }),
        await consumeRateLimit({ db, rule: SIGN_IN_RULES.perClient, subject: clientAddress, now: at }),
        await consumeRateLimit({ db, rule: SIGN_IN_RULES.perAccount, subject: email, now: at }),
      ];
      const user = await findCredentialsByEmail(db, email);
      if (!(await verifyPassword(user?.passwordHash, credentials.password)) || !user) {
        throw new AppError('INVALID_CREDENTIALS', 'Email or password is incorrect.');
      }
      // The right password is not a guess: it uses up none of the limits.
      await Promise.all(counted.map((attempt) => attempt.refund()));
      return { userId: user.id, refreshToken: await insertRefreshToken(db, { userId: user.id, now: at }) };
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
