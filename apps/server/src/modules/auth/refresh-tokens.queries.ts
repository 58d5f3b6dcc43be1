import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_SECONDS } from '@tradeport/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { refreshTokens } from '../../platform/db/schema/index.ts';
import { hashToken, randomToken } from '../../platform/auth/opaque-tokens.ts';

/** Creates a token in a family; only its hash is stored. */
export async function insertRefreshToken(db: Db, options: { userId: string; familyId?: string; now: Date }) {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    userId: options.userId,
    familyId: options.familyId ?? randomUUID(),
    tokenHash: hashToken(token),
    expiresAt: new Date(options.now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/** Marks an unused, unrevoked, unexpired token used; returns it, or undefined if it was not claimable. */
export async function claimRefreshToken(db: Db, options: { token: string; now: Date }) {
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(options.token)),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, options.now),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  return claimed;
}

export async function findRefreshToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row;
}

export async function revokeRefreshFamily(db: Db, options: { familyId: string; now: Date }) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: options.now })
    .where(and(eq(refreshTokens.familyId, options.familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a person (password changed or reset). */
export async function revokeAllRefreshTokens(db: Db, options: { userId: string; now: Date }) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: options.now })
    .where(and(eq(refreshTokens.userId, options.userId), isNull(refreshTokens.revokedAt)));
}
