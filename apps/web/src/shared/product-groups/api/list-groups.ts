import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { groupKeys } from './group-keys.ts';

export const GROUPS_PAGE_SIZE = 25;

export function groupsQuery<S extends z.ZodType<GroupProduct>>(
  kind: GroupKind<S>,
  organisationId: string | null,
  search: string | null,
) {
  return infiniteQueryOptions({
    queryKey: groupKeys.list(organisationId, kind, search),
    queryFn: organisationId
      ? ({ pageParam, signal }) =>
          request(kind.endpoints.list, {
            params: { id: organisationId },
            query: { limit: GROUPS_PAGE_SIZE, cursor: pageParam, ...(search ? { search } : {}) },
            signal,
            organisationId,
          })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** The kind's tiers or groups by name, a page at a time (keyset), searched on the server. */
export function useGroups<S extends z.ZodType<GroupProduct>>(kind: GroupKind<S>, search: string | null) {
  // A new search keeps the previous rows on screen until its answer arrives, instead of flashing.
  return useInfiniteQuery({
    ...groupsQuery(kind, useOrganisationId(), search),
    placeholderData: keepPreviousData,
  });
}
