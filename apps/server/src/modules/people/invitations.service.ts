import type { AppDeps } from '../../app-deps.ts';
import { hashToken, randomToken } from '../../platform/auth/opaque-tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { hasAccountForEmail } from './invitation-answers.queries.ts';
import {
  findInvitee,
  findOpenInvitation,
  findOpenInvitationByToken,
  findOrganisationTitle,
  insertInvitation,
  type InvitationRow,
  isActiveMember,
  markInvitationAccepted,
  renewInvitation,
  upsertAcceptedMembership,
  withdrawUnansweredInvitation,
} from './invitations.queries.ts';
import { invitationEmail } from './people.emails.ts';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

type Invitation = InvitationRow;

export const toPendingInvitation = (invitation: Invitation) => ({
  id: invitation.id,
  email: invitation.email,
  user_level: invitation.level,
  expires_at: invitation.expiresAt.toISOString(),
  last_sent_at: invitation.lastSentAt.toISOString(),
});

/**
 * Emails a fresh single-use link for an invitation. People with an account accept from
 * /user/invitations; others sign up through the link and join as they do.
 */
async function sendInvitation(options: {
  tx: Db;
  deps: Pick<AppDeps, 'mail' | 'config'>;
  invitation: Invitation;
  token: string;
  invitedBy: string | null;
}) {
  const { tx, invitation } = options;
  const organisationTitle = await findOrganisationTitle(tx, invitation.organisationId);
  const account = await hasAccountForEmail(tx, invitation.email);
  const link = account
    ? new URL('/user/invitations', options.deps.config.appUrl)
    : new URL('/sign-up', options.deps.config.appUrl);
  if (account) {
    link.searchParams.set('token', options.token);
    link.searchParams.set('organisation', invitation.organisationId);
  } else {
    link.searchParams.set('invitation', options.token);
  }
  await options.deps.mail.queue({
    tx,
    message: invitationEmail({
      to: invitation.email,
      organisationTitle: organisationTitle ?? 'an organisation',
      invitedBy: options.invitedBy,
      link,
      hasAccount: account,
    }),
  });
}

/** Creates an invitation and queues its email, in the caller's transaction. */
export async function createInvitation(options: {
  tx: Db;
  deps: Pick<AppDeps, 'mail' | 'config'>;
  organisationId: string;
  email: string;
  level: 'Admin' | 'User';
  invitedBy: { id: string; name: string } | null;
  now: Date;
}): Promise<Invitation> {
  const { tx, now } = options;
  if (await isActiveMember(tx, { organisationId: options.organisationId, email: options.email })) {
    throw new AppError('CONFLICT', `${options.email} is already a member.`, [
      { path: 'body.email', message: 'This person is already a member.' },
    ]);
  }
  const open = await findOpenInvitation(tx, {
    organisationId: options.organisationId,
    email: options.email,
    now,
  });
  if (open) {
    throw new AppError(
      'CONFLICT',
      `${options.email} has already been invited; resend the invitation instead.`,
      [{ path: 'body.email', message: 'Already invited: resend the invitation instead.' }],
    );
  }
  // An expired, unanswered one still holds the one-open-invitation slot: withdraw it first.
  await withdrawUnansweredInvitation(tx, {
    organisationId: options.organisationId,
    email: options.email,
    now,
  });
  const token = randomToken();
  const invitation = await insertInvitation(tx, {
    organisationId: options.organisationId,
    email: options.email,
    level: options.level,
    tokenHash: hashToken(token),
    invitedByUserId: options.invitedBy?.id ?? null,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    lastSentAt: now,
  });
  await sendInvitation({
    tx,
    deps: options.deps,
    invitation,
    token,
    invitedBy: options.invitedBy?.name ?? null,
  });
  return invitation;
}

/** A new link for an open (or expired, not yet answered) invitation; the old link stops working. */
export async function resendInvitation(options: {
  tx: Db;
  deps: Pick<AppDeps, 'mail' | 'config'>;
  organisationId: string;
  invitationId: string;
  invitedBy: { id: string; name: string };
  now: Date;
}): Promise<Invitation> {
  const token = randomToken();
  const invitation = await renewInvitation(options.tx, {
    organisationId: options.organisationId,
    invitationId: options.invitationId,
    tokenHash: hashToken(token),
    now: options.now,
    expiresAt: new Date(options.now.getTime() + INVITATION_TTL_MS),
  });
  if (!invitation) throw notFound('Invitation');
  await sendInvitation({
    tx: options.tx,
    deps: options.deps,
    invitation,
    token,
    invitedBy: options.invitedBy.name,
  });
  return invitation;
}

/** Accepts the open invitation for this person's email, optionally proven by the emailed token. */
export async function acceptInvitation(options: {
  tx: Db;
  organisationId: string;
  user: { id: string; email: string };
  token?: string;
  now: Date;
}): Promise<void> {
  const invitation = await findOpenInvitation(options.tx, {
    organisationId: options.organisationId,
    email: options.user.email,
    tokenHash: options.token ? hashToken(options.token) : undefined,
    now: options.now,
  });
  if (!invitation) throw notFound('Invitation');
  await upsertAcceptedMembership(options.tx, {
    userId: options.user.id,
    organisationId: invitation.organisationId,
    level: invitation.level,
    now: options.now,
  });
  await markInvitationAccepted(options.tx, { invitationId: invitation.id, now: options.now });
}

/** Sign-up through an emailed link: the link must be open and addressed to the new account's email. */
export async function acceptInvitationByToken(options: {
  tx: Db;
  token: string;
  user: { id: string; email: string };
  now: Date;
}): Promise<void> {
  const found = await findOpenInvitationByToken(options.tx, {
    tokenHash: hashToken(options.token),
    now: options.now,
  });
  if (!found) {
    throw new AppError('VALIDATION_ERROR', 'This invitation link has expired or was already used.', [
      { path: 'body.invitation_token', message: 'This invitation link has expired or was already used.' },
    ]);
  }
  if (found.invitation.email !== options.user.email) {
    const message = `This invitation was sent to ${found.invitation.email}; sign up with that email.`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'body.email', message }]);
  }
  await acceptInvitation({ ...options, organisationId: found.invitation.organisationId });
}

export type Invitee = { id: string; name: string; email: string; emailVerified: boolean };

/** The signed-in person, for listing and answering the invitations addressed to their email. */
export async function loadInvitee(db: Db, userId: string): Promise<Invitee> {
  const invitee = await findInvitee(db, userId);
  if (!invitee) throw unauthorized();
  return invitee;
}

/**
 * Answering an invitation needs the email proven: otherwise signing up with someone else's
 * address would be enough to join the organisations that invited them.
 */
export function requireVerifiedEmail(invitee: Invitee): void {
  if (!invitee.emailVerified) {
    throw forbidden('Confirm your email address first: enter the code we emailed you when you signed up.');
  }
}
