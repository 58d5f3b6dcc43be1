import { and, asc, eq } from 'drizzle-orm';
import type { Member } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { invitations, memberships, users } from '../../platform/db/schema/index.ts';
import { isOpenInvitation } from './invitations.queries.ts';

const memberColumns = {
  user_id: users.id,
  name: users.name,
  email: users.email,
  user_level: memberships.level,
  active: memberships.active,
};

/** Those who accepted, by name; open invitations are listed apart. */
export function listMembers(db: Db, options: { organisationId: string }): Promise<Member[]> {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.organisationId, options.organisationId), eq(memberships.invitationAccepted, true)),
    )
    .orderBy(asc(users.name), asc(users.email));
}

export function listOpenInvitations(db: Db, options: { organisationId: string; now: Date }) {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organisationId, options.organisationId), isOpenInvitation(options.now)))
    .orderBy(asc(invitations.email));
}

/** Every accepted membership of the organisation, locked until the transaction ends. */
export function lockMemberships(tx: Db, options: { organisationId: string }) {
  return tx
    .select({ userId: memberships.userId, level: memberships.level, active: memberships.active })
    .from(memberships)
    .where(
      and(eq(memberships.organisationId, options.organisationId), eq(memberships.invitationAccepted, true)),
    )
    .for('update');
}

/** Sets a member's level and active flag, and answers the member as the API shows it. */
export async function setMembership(
  tx: Db,
  options: { organisationId: string; userId: string; level: 'Admin' | 'User'; active: boolean; now: Date },
): Promise<Member> {
  const isTheMember = and(
    eq(memberships.organisationId, options.organisationId),
    eq(memberships.userId, options.userId),
  );
  await tx
    .update(memberships)
    .set({ level: options.level, active: options.active, updatedAt: options.now })
    .where(isTheMember);
  const [member] = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(isTheMember);
  return member!;
}
