import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function insertUser(
  db: Db,
  values: { email: string; name: string; passwordHash: string; emailVerifiedAt: Date | null },
): Promise<{ id: string }> {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  return user!;
}

export async function updateUserProfile(
  db: Db,
  options: { userId: string; name: string; image: string | null; now: Date },
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ name: options.name, image: options.image, updatedAt: options.now })
    .where(eq(users.id, options.userId))
    .returning();
  return user;
}

export async function updatePasswordHash(
  db: Db,
  options: { userId: string; passwordHash: string; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: options.passwordHash, updatedAt: options.now })
    .where(eq(users.id, options.userId));
}
