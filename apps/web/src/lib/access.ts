import { useQueryClient } from '@tanstack/react-query';
import { currentUserQuery, useCurrentAccount } from './current-account.ts';

/**
 * What the person may do in the organisation they act for. Every member may read; some changes
 * are an Admin's (the server answers 403 otherwise), so screens offer those to Admins only and
 * say why to everyone else (`AdminOnlyNote`). One rule for every screen.
 */
export function useIsAdmin(): boolean {
  return useCurrentAccount().organisation?.user_level === 'Admin';
}

/** Why an Admin-only control is hidden or disabled, in the words every screen uses. */
export const ADMIN_ONLY_REASON = 'Only an Admin of this organisation can change this.';

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
