import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { invitations, memberships, organisations, users } from '../../platform/db/schema/index.ts';

/** Open: not accepted, declined or withdrawn, and not expired (by `now`, or the database's clock). */
export const isOpenInvitation = (now: Date | SQL) =>
  and(
    isNull(invitations.acceptedAt),
    isNull(invitations.declinedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now),
  );

export async function findOpenInvitation(
  db: Db,
  options: { organisationId: string; email: string; tokenHash?: string; now: Date },
) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.organisationId, options.organisationId),
        eq(invitations.email, options.email),
        options.tokenHash ? eq(invitations.tokenHash, options.tokenHash) : undefined,
        isOpenInvitation(options.now),
      ),
    );
  return row;
}

export async function findOpenInvitationByToken(db: Db, options: { tokenHash: string; now: Date }) {
  const [row] = await db
    .select({
      invitation: invitations,
      organisationTitle: organisations.title,
    })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(and(eq(invitations.tokenHash, options.tokenHash), isOpenInvitation(options.now)));
  return row;
}

/** Open invitations addressed to an email, with who sent them. */
export function listOpenInvitationsForEmail(db: Db, options: { email: string; now: Date }) {
  return db
    .select({
      organisationId: organisations.id,
      organisationTitle: organisations.title,
      level: invitations.level,
      invitedBy: users.name,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(and(eq(invitations.email, options.email), isOpenInvitation(options.now)))
    .orderBy(invitations.createdAt);
}

/** Joins (or re-joins) an organisation at the invited level. */
export async function upsertAcceptedMembership(
  db: Db,
  options: { userId: string; organisationId: string; level: 'Admin' | 'User'; now: Date },
) {
  await db
    .insert(memberships)
    .values({
      userId: options.userId,
      organisationId: options.organisationId,
      level: options.level,
      active: true,
      invitationAccepted: true,
    })
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.organisationId],
      set: { level: options.level, active: true, invitationAccepted: true, updatedAt: options.now },
    });
}

export async function isActiveMember(db: Db, options: { organisationId: string; email: string }) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, options.organisationId),
        eq(users.email, options.email),
        eq(memberships.active, true),
        eq(memberships.invitationAccepted, true),
      ),
    );
  return Boolean(row);
}

/** The signed-in person as invitations see them: addressed by email, answerable once it is proven. */
export async function findInvitee(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export type InvitationRow = typeof invitations.$inferSelect;

export async function findOrganisationTitle(db: Db, organisationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ title: organisations.title })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.title;
}

/**
 * Withdraws an expired, unanswered invitation of this email to the organisation: it still holds
 * the one-open-invitation slot.
 */
export async function withdrawUnansweredInvitation(
  db: Db,
  options: { organisationId: string; email: string; now: Date },
): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: options.now })
    .where(
      and(
        eq(invitations.organisationId, options.organisationId),
        eq(invitations.email, options.email),
        isOpenInvitation(new Date(0)),
      ),
    );
}

export async function insertInvitation(
  db: Db,
  values: {
    organisationId: string;
    email: string;
    level: 'Admin' | 'User';
    tokenHash: string;
    invitedByUserId: string | null;
    expiresAt: Date;
    lastSentAt: Date;
  },
): Promise<InvitationRow> {
  const [invitation] = await db.insert(invitations).values(values).returning();
  return invitation!;
}

/** A new token and expiry for an unanswered invitation of the organisation; undefined if none. */
export async function renewInvitation(
  db: Db,
  options: { organisationId: string; invitationId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<InvitationRow | undefined> {
  const [invitation] = await db
    .update(invitations)
    .set({ tokenHash: options.tokenHash, lastSentAt: options.now, expiresAt: options.expiresAt })
    .where(
      and(
        eq(invitations.id, options.invitationId),
        eq(invitations.organisationId, options.organisationId),
        isOpenInvitation(new Date(0)),
      ),
    )
    .returning();
  return invitation;
}

export async function markInvitationAccepted(
  db: Db,
  options: { invitationId: string; now: Date },
): Promise<void> {
  await db
    .update(invitations)
    .set({ acceptedAt: options.now })
    .where(eq(invitations.id, options.invitationId));
}
