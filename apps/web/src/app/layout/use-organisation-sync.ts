import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, OrganisationMembership } from '@tradeport/contract';
import { useEffect } from 'react';
import { currentUserQuery } from '#lib/current-account.ts';
import { organisationIdStore } from '#lib/organisation.ts';

/**
 * Stores the organisation selectOrganisation chose when it differs from the stored one (first
 * sign-in, or a membership that ended), so every later call names it in X-Organisation-Id.
 */
export function useOrganisationSync(input: {
  currentUser: CurrentUser | undefined;
  organisation: OrganisationMembership | null;
  storedOrganisationId: string | null;
}): void {
  const queryClient = useQueryClient();
  const { currentUser, organisation, storedOrganisationId } = input;

  useEffect(() => {
    if (!currentUser) return;
    const chosenId = organisation?.id ?? null;
    if (chosenId === storedOrganisationId) return;
    if (chosenId) {
      // The server resolved the same organisation for this answer, so it is valid under the new key
      // too; seeding it avoids fetching the current user twice.
      queryClient.setQueryData(currentUserQuery(chosenId).queryKey, currentUser);
      organisationIdStore.set(chosenId);
    } else {
      organisationIdStore.clear();
    }
  }, [currentUser, organisation, storedOrganisationId, queryClient]);
}
