import { queryOptions } from '@tanstack/react-query';
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
  type UserLevel,
} from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';
import { ApiError } from '#lib/api-error.ts';
import { scopedKey } from '#lib/query-keys.ts';

export const peopleKeys = {
  members: (organisationId: string) => scopedKey(organisationId, 'people', 'members'),
  myInvitations: (organisationId: string | null) => scopedKey(organisationId, 'people', 'my-invitations'),
  invitationLink: (organisationId: string | null, token: string) =>
    scopedKey(organisationId, 'people', 'invitation-link', token),
};

export function membersQuery(organisationId: string) {
  return queryOptions({
    queryKey: peopleKeys.members(organisationId),
    queryFn: ({ signal }) => request(listMembers, { params: { id: organisationId }, signal, organisationId }),
  });
}

/** Changing a member: 409 when it would leave the organisation without an active Admin. */
export const MEMBER_ERROR_CODES = ['CONFLICT', 'VALIDATION_ERROR'] as const;

export function changeMember(input: {
  organisationId: string;
  userId: string;
  userLevel: UserLevel;
  active: boolean;
}) {
  return request(updateMember, {
    params: { id: input.organisationId, uid: input.userId },
    body: { user_level: input.userLevel, active: input.active },
    organisationId: input.organisationId,
    handledErrorCodes: MEMBER_ERROR_CODES,
  });
}

export const INVITE_FORM_ERROR_CODES = ['VALIDATION_ERROR', 'CONFLICT'] as const;
export const InviteBody = bodySchemaOf(inviteUser);

export function invitePerson(organisationId: string, body: z.output<typeof InviteBody>) {
  return request(inviteUser, {
    params: { id: organisationId },
    body,
    organisationId,
    handledErrorCodes: INVITE_FORM_ERROR_CODES,
  });
}

export function resendInvitation(organisationId: string, invitationId: string) {
  return request(resendInvite, { params: { id: organisationId, uid: invitationId }, organisationId });
}

export function withdrawInvitation(organisationId: string, invitationId: string) {
  return request(revokeInvite, { params: { id: organisationId, uid: invitationId }, organisationId });
}

export function myInvitationsQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: peopleKeys.myInvitations(organisationId),
    queryFn: ({ signal }) => request(listMyInvitations, { signal, organisationId }),
  });
}

const LINK_REFUSALS: readonly string[] = ['NOT_FOUND', 'VALIDATION_ERROR', 'CONFLICT'];

/** What an emailed invitation link names; null when the link no longer works. */
export function invitationLinkQuery(organisationId: string | null, token: string) {
  return queryOptions({
    queryKey: peopleKeys.invitationLink(organisationId, token),
    queryFn: async ({ signal }) => {
      try {
        return await request(getInvitationByToken, {
          params: { token },
          signal,
          handledErrorCodes: LINK_REFUSALS,
        });
      } catch (error) {
        // A malformed token is refused by the contract before it is sent (not an ApiError).
        const isRefused = !(error instanceof ApiError) || LINK_REFUSALS.includes(error.code);
        if (signal.aborted || !isRefused) throw error;
        return null;
      }
    },
    retry: false,
  });
}

/** Accepting or declining shows its refusal on the invitation itself rather than as a toast. */
export const INVITATION_ANSWER_ERROR_CODES = [
  'NOT_FOUND',
  'CONFLICT',
  'VALIDATION_ERROR',
  'FORBIDDEN',
] as const;

export function acceptInvitation(organisationId: string, token: string | null) {
  return request(acceptInvite, {
    params: { id: organisationId },
    body: token ? { token } : {},
    handledErrorCodes: INVITATION_ANSWER_ERROR_CODES,
  });
}

export function declineInvitation(organisationId: string) {
  return request(declineInvite, {
    params: { id: organisationId },
    handledErrorCodes: INVITATION_ANSWER_ERROR_CODES,
  });
}
