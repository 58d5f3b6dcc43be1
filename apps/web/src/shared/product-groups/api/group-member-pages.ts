import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { GROUPS_PAGE_SIZE } from './list-groups.ts';

type PageRequest = {
  params: { id: string; gid: string };
  query: { limit: number; cursor?: string; search?: string };
  signal: AbortSignal;
  organisationId: string;
};

/**
 * A tier's or group's products and its customers page the same way (keyset, searched on the
 * server); only the key and the call differ, so each list passes those and shares the rest.
 */
export function useGroupMemberPages<Page extends { next_cursor: string | null }>(options: {
  queryKey: (organisationId: string | null) => readonly unknown[];
  fetchPage: (input: PageRequest) => Promise<Page>;
  groupId: string;
  search: string | null;
}) {
  const { fetchPage, groupId, search } = options;
  const organisationId = useOrganisationId();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: options.queryKey(organisationId),
      queryFn: organisationId
        ? ({ pageParam, signal }) =>
            fetchPage({
              params: { id: organisationId, gid: groupId },
              query: { limit: GROUPS_PAGE_SIZE, cursor: pageParam, ...(search ? { search } : {}) },
              signal,
              organisationId,
            })
        : skipToken,
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    }),
    // A new search keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}
