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
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { loadCaller } from '../../platform/auth/authenticate.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createInvitationAnswers } from './invitation-answers.service.ts';
import { createInvitation, resendInvitation, toPendingInvitation } from './invitations.service.ts';
import { listMembersAndInvitations, updateMembership } from './members.service.ts';

export function peopleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const answers = createInvitationAnswers(deps);
  const admin = access.member({ org: 'id', level: 'Admin' });

  // Everyone in the organisation may see who else is in it; changing it needs an Admin.
  registerEndpoint(app, listMembers, {
    access: access.member({ org: 'id' }),
    handler: async ({ actor }) =>
      listMembersAndInvitations(db, { organisationId: actor.organisationId, now: deps.now() }),
  });

  registerEndpoint(app, updateMember, {
    access: admin,
    handler: async ({ actor, params, body }) =>
      db.transaction((tx) =>
        updateMembership(tx, {
          organisationId: actor.organisationId,
          userId: params.uid,
          level: body.user_level,
          active: body.active,
          now: deps.now(),
        }),
      ),
  });

  registerEndpoint(app, inviteUser, {
    access: admin,
    handler: async ({ actor, body }) => {
      const inviter = await loadCaller(db, actor.userId);
      const invitation = await db.transaction((tx) =>
        createInvitation({
          tx,
          deps,
          organisationId: actor.organisationId,
          email: body.email,
          level: body.user_level,
          invitedBy: inviter,
          now: deps.now(),
        }),
      );
      return toPendingInvitation(invitation);
    },
  });

  registerEndpoint(app, resendInvite, {
    access: admin,
    handler: async ({ actor, params }) => {
      const inviter = await loadCaller(db, actor.userId);
      const invitation = await db.transaction((tx) =>
        resendInvitation({
          tx,
          deps,
          organisationId: actor.organisationId,
          invitationId: params.uid,
          invitedBy: inviter,
          now: deps.now(),
        }),
      );
      return toPendingInvitation(invitation);
    },
  });

  registerEndpoint(app, revokeInvite, {
    access: admin,
    handler: async ({ actor, params }) =>
      answers.revoke({ organisationId: actor.organisationId, invitationId: params.uid }),
  });

  registerEndpoint(app, listMyInvitations, {
    access: access.user(),
    handler: async ({ actor }) => answers.listMine(actor.userId),
  });

  // Not yet a member: the invitation addressed to the caller's email is what grants access.
  registerEndpoint(app, acceptInvite, {
    access: access.user(),
    handler: async ({ actor, params, body }) =>
      answers.accept({ userId: actor.userId, organisationId: params.id, token: body.token }),
  });

  registerEndpoint(app, declineInvite, {
    access: access.user(),
    handler: async ({ actor, params }) =>
      answers.decline({ userId: actor.userId, organisationId: params.id }),
  });

  registerEndpoint(app, getInvitationByToken, {
    access: access.public(),
    handler: async ({ params }) => answers.getByToken(params.token),
  });
}
