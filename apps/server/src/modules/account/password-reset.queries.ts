import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { passwordResets } from '../../platform/db/schema/index.ts';

export async function insertPasswordReset(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Marks the code used if it is this person's, unused and unexpired; false otherwise. */
export async function claimPasswordReset(
  db: Db,
  options: { userId: string; tokenHash: string; now: Date },
): Promise<boolean> {
  const [claimed] = await db
    .update(passwordResets)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(passwordResets.userId, options.userId),
        eq(passwordResets.tokenHash, options.tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, options.now),
      ),
    )
    .returning({ id: passwordResets.id });
  return claimed !== undefined;
}

/** Every code of this person still unused stops working. */
export async function expireOpenPasswordResets(
  db: Db,
  options: { userId: string; now: Date },
): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: options.now })
    .where(and(eq(passwordResets.userId, options.userId), isNull(passwordResets.usedAt)));
}
