import { useQueryClient } from '@tanstack/react-query';
import { currentUserQuery, useCurrentAccount } from '#lib/current-account.ts';

/**
 * Everyone in the organisation may read tiers and groups; only its Admins may change them (the
 * server answers 403 otherwise), so the screens offer changes to Admins only.
 */
export function useCanEdit(): boolean {
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
