import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { groupKeys } from './group-keys.ts';
import { GROUPS_PAGE_SIZE } from './list-groups.ts';
import { useOrganisationId } from './use-organisation-id.ts';

export function groupCustomersQuery<S extends z.ZodType<GroupProduct>>(
  kind: GroupKind<S>,
  organisationId: string | null,
  groupId: string,
  search: string | null,
) {
  return infiniteQueryOptions({
    queryKey: groupKeys.customerList(organisationId, kind, groupId, search),
    queryFn: organisationId
      ? ({ pageParam, signal }) =>
          request(kind.endpoints.listCustomers, {
            params: { id: organisationId, gid: groupId },
            query: { limit: GROUPS_PAGE_SIZE, cursor: pageParam, ...(search ? { search } : {}) },
            signal,
            organisationId,
          })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** The customers in one tier or group by name, a page at a time, searched on the server. */
export function useGroupCustomers<S extends z.ZodType<GroupProduct>>(
  kind: GroupKind<S>,
  groupId: string,
  search: string | null,
) {
  return useInfiniteQuery({
    ...groupCustomersQuery(kind, useOrganisationId(), groupId, search),
    placeholderData: keepPreviousData,
  });
}
