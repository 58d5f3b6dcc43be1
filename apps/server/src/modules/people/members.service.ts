import { and, asc, eq } from 'drizzle-orm';
import type { Member } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { invitations, memberships, users } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isOpenInvitation } from './invitations.queries.ts';
import { toPendingInvitation } from './invitations.service.ts';

const memberColumns = {
  user_id: users.id,
  name: users.name,
  email: users.email,
  user_level: memberships.level,
  active: memberships.active,
};

export async function listMembersAndInvitations(db: Db, options: { organisationId: string; now: Date }) {
  const members = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.organisationId, options.organisationId), eq(memberships.invitationAccepted, true)),
    )
    .orderBy(asc(users.name), asc(users.email));
  const open = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organisationId, options.organisationId), isOpenInvitation(options.now)))
    .orderBy(asc(invitations.email));
  return { members, invitations: open.map(toPendingInvitation) };
}

/**
 * Changes a member's level or active flag. The organisation's memberships are locked for the
 * check, so two Admins demoting each other at once cannot both succeed and leave none.
 */
export async function updateMembership(
  tx: Db,
  options: { organisationId: string; userId: string; level: 'Admin' | 'User'; active: boolean; now: Date },
): Promise<Member> {
  const rows = await tx
    .select({ userId: memberships.userId, level: memberships.level, active: memberships.active })
    .from(memberships)
    .where(
      and(eq(memberships.organisationId, options.organisationId), eq(memberships.invitationAccepted, true)),
    )
    .for('update');
  const target = rows.find((row) => row.userId === options.userId);
  if (!target) throw notFound('Member');
  const activeAdminsAfter = rows.filter((row) =>
    row.userId === options.userId
      ? options.active && options.level === 'Admin'
      : row.active && row.level === 'Admin',
  ).length;
  if (activeAdminsAfter === 0) {
    throw new AppError('CONFLICT', 'An organisation must keep at least one active Admin.');
  }
  await tx
    .update(memberships)
    .set({ level: options.level, active: options.active, updatedAt: options.now })
    .where(
      and(eq(memberships.organisationId, options.organisationId), eq(memberships.userId, options.userId)),
    );
  const [member] = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.organisationId, options.organisationId), eq(memberships.userId, options.userId)),
    );
  return member!;
}
