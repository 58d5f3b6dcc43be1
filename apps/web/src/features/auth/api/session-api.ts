import { type AccessToken, type SignInBody, signIn, signOut } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { queryClient } from '#lib/query-client.ts';
import { type Session, sessionFromToken, sessionStore } from '#lib/session.ts';

/** Errors the sign-in form shows next to its fields rather than as toasts. */
export const SIGN_IN_FORM_ERROR_CODES = ['INVALID_CREDENTIALS', 'VALIDATION_ERROR'] as const;

/** Keeps a new access token as the session (after sign-in or sign-up). */
export function startSession(token: AccessToken): Session {
  const session = sessionFromToken(token);
  sessionStore.set(session);
  // A session that ended with a 401 leaves its data cached; the next person must not see it.
  queryClient.clear();
  return session;
}

export async function signInWithPassword(body: SignInBody): Promise<Session> {
  return startSession(await request(signIn, { body, handledErrorCodes: SIGN_IN_FORM_ERROR_CODES }));
}

let signingOut: Promise<void> | null = null;

/**
 * Revokes the refresh cookie, then forgets everything held locally. Local state goes even if the
 * call fails (a toast says so), since the person asked to leave this browser.
 */
export function signOutOfSession(): Promise<void> {
  signingOut ??= request(signOut)
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      sessionStore.clear();
      organisationIdStore.clear();
      queryClient.clear();
      signingOut = null;
    });
  return signingOut;
}
