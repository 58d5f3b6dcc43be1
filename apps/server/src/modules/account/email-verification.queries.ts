import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { emailVerifications, users } from '../../platform/db/schema/index.ts';

export async function findVerificationSubject(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export async function insertEmailVerification(
  db: Db,
  options: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailVerifications).values(options);
}

/**
 * Uses the code and marks the email verified, in one transaction: a second submit of the same
 * code finds it used. False when the code is wrong, used or expired.
 */
export async function claimEmailVerification(
  db: Db,
  options: { userId: string; tokenHash: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerifications)
      .set({ usedAt: options.now })
      .where(
        and(
          eq(emailVerifications.userId, options.userId),
          eq(emailVerifications.tokenHash, options.tokenHash),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, options.now),
        ),
      )
      .returning({ id: emailVerifications.id });
    if (!claimed) return false;
    // The other codes in the inbox have nothing left to prove.
    await tx
      .update(emailVerifications)
      .set({ usedAt: options.now })
      .where(and(eq(emailVerifications.userId, options.userId), isNull(emailVerifications.usedAt)));
    await tx
      .update(users)
      .set({ emailVerifiedAt: options.now, updatedAt: options.now })
      .where(eq(users.id, options.userId));
    return true;
  });
}
