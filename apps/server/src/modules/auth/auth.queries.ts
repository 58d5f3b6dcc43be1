import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/index.ts';

/** What signing in checks: the account's id and password hash, by (lower-case) email. */
export async function findCredentialsByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return user;
}
