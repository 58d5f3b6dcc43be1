import {
  acceptInvite,
  declineInvite,
  getInvitationByToken,
  inviteUser,
  listMembers,
  listMyInvitations,
  resendInvite,
  revokeInvite,
  updateMember,
} from '@tradeport/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { loadCaller, requireUserId } from '../../platform/auth/authenticate.ts';
import { hashToken } from '../../platform/auth/opaque-tokens.ts';
import { invitations, users } from '../../platform/db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { requireMembership } from '../../platform/tenancy/membership.ts';
import {
  findOpenInvitation,
  findOpenInvitationByToken,
  isOpenInvitation,
  listOpenInvitationsForEmail,
} from './invitations.queries.ts';
import {
  acceptInvitation,
  createInvitation,
  loadInvitee,
  requireVerifiedEmail,
  resendInvitation,
  toPendingInvitation,
} from './invitations.service.ts';
import { listMembersAndInvitations, updateMembership } from './members.service.ts';

export function peopleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;

  const requireAdmin = (request: FastifyRequest, organisationId: string) =>
    requireMembership({ db, userId: requireUserId(request), organisationId, level: 'Admin' });

  registerEndpoint(app, listMembers, async ({ request, params }) => {
    // Everyone in the organisation may see who else is in it; changing it needs an Admin.
    await requireMembership({ db, userId: requireUserId(request), organisationId: params.id });
    return listMembersAndInvitations(db, { organisationId: params.id, now: deps.now() });
  });

  registerEndpoint(app, updateMember, async ({ request, params, body }) => {
    await requireAdmin(request, params.id);
    return db.transaction((tx) =>
      updateMembership(tx, {
        organisationId: params.id,
        userId: params.uid,
        level: body.user_level,
        active: body.active,
        now: deps.now(),
      }),
    );
  });

  registerEndpoint(app, inviteUser, async ({ request, params, body }) => {
    await requireAdmin(request, params.id);
    const inviter = await loadCaller(db, request);
    const invitation = await db.transaction((tx) =>
      createInvitation({
        tx,
        deps,
        organisationId: params.id,
        email: body.email,
        level: body.user_level,
        invitedBy: inviter,
        now: deps.now(),
      }),
    );
    return toPendingInvitation(invitation);
  });

  registerEndpoint(app, resendInvite, async ({ request, params }) => {
    await requireAdmin(request, params.id);
    const inviter = await loadCaller(db, request);
    const invitation = await db.transaction((tx) =>
      resendInvitation({
        tx,
        deps,
        organisationId: params.id,
        invitationId: params.uid,
        invitedBy: inviter,
        now: deps.now(),
      }),
    );
    return toPendingInvitation(invitation);
  });

  registerEndpoint(app, revokeInvite, async ({ request, params }) => {
    await requireAdmin(request, params.id);
    const revoked = await db
      .update(invitations)
      .set({ revokedAt: deps.now() })
      .where(
        and(
          eq(invitations.id, params.uid),
          eq(invitations.organisationId, params.id),
          isOpenInvitation(new Date(0)),
        ),
      )
      .returning({ id: invitations.id });
    if (revoked.length === 0) throw notFound('Invitation');
    return { revoked: true as const };
  });

  registerEndpoint(app, listMyInvitations, async ({ request }) => {
    const me = await loadInvitee(db, requireUserId(request));
    // Hidden, not refused: the screen shows how to confirm the email instead.
    if (!me.emailVerified) return [];
    const rows = await listOpenInvitationsForEmail(db, { email: me.email, now: deps.now() });
    return rows.map((row) => ({
      organisation_id: row.organisationId,
      organisation_title: row.organisationTitle,
      user_level: row.level,
      invited_by: row.invitedBy,
      expires_at: row.expiresAt.toISOString(),
    }));
  });

  registerEndpoint(app, acceptInvite, async ({ request, params, body }) => {
    const me = await loadInvitee(db, requireUserId(request));
    requireVerifiedEmail(me);
    await db.transaction((tx) =>
      acceptInvitation({ tx, organisationId: params.id, user: me, token: body.token, now: deps.now() }),
    );
    return { accepted: true as const };
  });

  registerEndpoint(app, declineInvite, async ({ request, params }) => {
    const me = await loadInvitee(db, requireUserId(request));
    requireVerifiedEmail(me);
    const now = deps.now();
    const invitation = await findOpenInvitation(db, { organisationId: params.id, email: me.email, now });
    if (!invitation) throw notFound('Invitation');
    await db.update(invitations).set({ declinedAt: now }).where(eq(invitations.id, invitation.id));
    return { declined: true as const };
  });

  registerEndpoint(app, getInvitationByToken, async ({ params }) => {
    const found = await findOpenInvitationByToken(db, {
      tokenHash: hashToken(params.token),
      now: deps.now(),
    });
    if (!found) throw notFound('Invitation');
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, found.invitation.email));
    return {
      organisation_id: found.invitation.organisationId,
      organisation_title: found.organisationTitle,
      email: found.invitation.email,
      has_account: Boolean(account),
    };
  });
}
