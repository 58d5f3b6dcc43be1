import type { Member } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { toPendingInvitation } from './invitations.service.ts';
import { listMembers, listOpenInvitations, lockMemberships, setMembership } from './members.queries.ts';

export async function listMembersAndInvitations(db: Db, options: { organisationId: string; now: Date }) {
  const members = await listMembers(db, options);
  const open = await listOpenInvitations(db, options);
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
  const rows = await lockMemberships(tx, options);
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
  return setMembership(tx, options);
}
