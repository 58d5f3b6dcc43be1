import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { TaxonomyItem, TaxonomyKind, TaxonomyValues } from '../model/taxonomy-kind.ts';
import { taxonomyKeys } from './taxonomy-keys.ts';

export const TAXONOMY_PAGE_SIZE = 25;

export function taxonomyListQuery<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues>(
  kind: TaxonomyKind<T, S, V>,
  organisationId: string | null,
  search: string | null,
) {
  return infiniteQueryOptions({
    queryKey: taxonomyKeys.list(organisationId, kind.key, search),
    queryFn: organisationId
      ? ({ pageParam, signal }) =>
          request(kind.endpoints.list, {
            params: { id: organisationId },
            query: { limit: TAXONOMY_PAGE_SIZE, cursor: pageParam, ...(search ? { search } : {}) },
            signal,
            organisationId,
          })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** A kind's list, a page at a time (keyset, SPEC §7), searched on the server. */
export function useTaxonomyList<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues>(
  kind: TaxonomyKind<T, S, V>,
  search: string | null,
) {
  const organisationId = useOrganisationId();
  // A new search keeps the previous rows on screen until its answer arrives, instead of flashing.
  return useInfiniteQuery({
    ...taxonomyListQuery(kind, organisationId, search),
    placeholderData: keepPreviousData,
  });
}
