import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCurrentUser } from '@tradeport/contract';
import { request } from './api-client.ts';
import { organisationIdStore, selectOrganisation } from './organisation.ts';
import { scopedKey } from './query-keys.ts';

/** Keys start with the organisation id so one organisation's data never shows in another. */
export const userKeys = {
  current: (organisationId: string | null) => scopedKey(organisationId, 'users', 'current'),
};

export function currentUserQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: userKeys.current(organisationId),
    // The header must name the organisation of the key, whatever is stored by the time this runs.
    queryFn: ({ signal }) => request(getCurrentUser, { signal, organisationId }),
    staleTime: 60_000,
  });
}

/** The signed-in person and the membership they act for (SPEC §4 organisation selection). */
export function useCurrentAccount() {
  const storedOrganisationId = organisationIdStore.useValue();
  const query = useQuery(currentUserQuery(storedOrganisationId));
  const organisation = query.data
    ? (selectOrganisation(query.data.organisations, storedOrganisationId) ?? null)
    : null;
  return { ...query, organisation, storedOrganisationId };
}
