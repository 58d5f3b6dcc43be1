import { getInvitationByToken, type SignUpBody, signUp } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { ApiError } from '#lib/api-error.ts';
import { startSession } from './session-api.ts';

/** Sign-up refusals the form shows on its fields: taken email, weak password, failed bot check. */
export const SIGN_UP_FORM_ERROR_CODES = ['VALIDATION_ERROR', 'CONFLICT'] as const;

/** Creates the account and signs the person in, like sign-in does. */
export async function signUpAndSignIn(body: SignUpBody): Promise<void> {
  startSession(await request(signUp, { body, handledErrorCodes: SIGN_UP_FORM_ERROR_CODES }));
}

export type InvitationLookup =
  | { kind: 'valid'; organisationId: string; organisationTitle: string; email: string; hasAccount: boolean }
  | { kind: 'invalid' };

const INVITATION_REFUSALS: readonly string[] = ['NOT_FOUND', 'VALIDATION_ERROR', 'CONFLICT'];

/** What an emailed invitation link is for; 'invalid' for a link that is malformed, used or expired. */
export async function lookUpInvitation(token: string, signal?: AbortSignal): Promise<InvitationLookup> {
  try {
    const invitation = await request(getInvitationByToken, {
      params: { token },
      signal,
      handledErrorCodes: INVITATION_REFUSALS,
    });
    return {
      kind: 'valid',
      organisationId: invitation.organisation_id,
      organisationTitle: invitation.organisation_title,
      email: invitation.email,
      hasAccount: invitation.has_account,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    // A token that is not even the right shape is refused by the contract before it is sent.
    const isRefused = !(error instanceof ApiError) || INVITATION_REFUSALS.includes(error.code);
    if (isRefused) return { kind: 'invalid' };
    throw error;
  }
}
