import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_ONLY_REASON, forbiddenMessage, isForbidden } from './admin-only-reason.ts';
import { currentUserQuery, useCurrentAccount } from './current-account.ts';
import { organisationIdStore } from './organisation.ts';
import { queryClient as appQueryClient } from './query-client.ts';

/** Why an Admin-only control is hidden or disabled, in the words every screen uses. */
export { ADMIN_ONLY_REASON, forbiddenMessage, isForbidden };

/**
 * What the person may do in the organisation they act for. Every member may read; some changes
 * are an Admin's (the server answers 403 otherwise), so screens offer those to Admins only and
 * say why to everyone else (`AdminOnlyNote`). One rule for every screen.
 */
export function useIsAdmin(): boolean {
  return useCurrentAccount().organisation?.user_level === 'Admin';
}

/**
 * After a 403 the level we hold is out of date (an Admin made this person a User meanwhile):
 * reloading the current user hides the actions they can no longer take.
 */
export function useRefreshAccess(): () => void {
  const queryClient = useQueryClient();
  const { storedOrganisationId } = useCurrentAccount();
  return () =>
    void queryClient.invalidateQueries({ queryKey: currentUserQuery(storedOrganisationId).queryKey });
}

/**
 * `useRefreshAccess` for code that is not a component (the forms layer after a FORBIDDEN): reloads
 * the current user of the stored organisation in the app's one query cache.
 */
export function refreshAccess(): void {
  void appQueryClient.invalidateQueries({
    queryKey: currentUserQuery(organisationIdStore.get()).queryKey,
  });
}
