import { useQueryClient } from '@tanstack/react-query';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { groupKeys } from './group-keys.ts';

type Kind = { key: 'pricing' | 'visibility' };

/**
 * What goes stale when products or customers join or leave a tier or group: its rows, its counts
 * (on its page and in the list), and for customers every other record of the kind too, since
 * putting a customer in a tier takes it out of the tier it was in.
 */
export function useMembershipChanged(kind: Kind, groupId: string) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return async (part: 'items' | 'customers') => {
    if (part === 'customers') {
      await queryClient.invalidateQueries({ queryKey: groupKeys.all(organisationId, kind) });
      return;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.items(organisationId, kind, groupId) }),
      queryClient.invalidateQueries({
        queryKey: groupKeys.detail(organisationId, kind, groupId),
        exact: true,
      }),
      queryClient.invalidateQueries({ queryKey: groupKeys.lists(organisationId, kind) }),
    ]);
  };
}
