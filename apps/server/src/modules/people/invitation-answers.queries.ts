import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { invitations, users } from '../../platform/db/schema/index.ts';
import { isOpenInvitation } from './invitations.queries.ts';

/** Withdraws an open invitation of the organisation; false when there was none. */
export async function revokeOpenInvitation(
  db: Db,
  options: { organisationId: string; invitationId: string; now: Date },
) {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: options.now })
    .where(
      and(
        eq(invitations.id, options.invitationId),
        eq(invitations.organisationId, options.organisationId),
        isOpenInvitation(new Date(0)),
      ),
    )
    .returning({ id: invitations.id });
  return revoked.length > 0;
}

export async function markInvitationDeclined(db: Db, options: { invitationId: string; now: Date }) {
  await db
    .update(invitations)
    .set({ declinedAt: options.now })
    .where(eq(invitations.id, options.invitationId));
}

export async function hasAccountForEmail(db: Db, email: string) {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(account);
}
