import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { listCustomers } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type CustomerListFilters, customerKeys } from './customer-keys.ts';

export const CUSTOMERS_PAGE_SIZE = 25;
/** The API searches from this many characters; shorter text is not sent at all. */
export const MIN_SEARCH_LENGTH = 2;

export function customersQuery(organisationId: string | null, filters: CustomerListFilters) {
  return infiniteQueryOptions({
    queryKey: customerKeys.list(organisationId, filters),
    queryFn: organisationId
      ? ({ pageParam, signal }) =>
          request(listCustomers, {
            params: { id: organisationId },
            query: {
              limit: CUSTOMERS_PAGE_SIZE,
              cursor: pageParam,
              status: filters.status,
              ...(filters.search ? { search: filters.search } : {}),
              ...(filters.tier ? { pricing_tier_id: filters.tier } : {}),
            },
            signal,
            organisationId,
          })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

export function useCustomers(filters: CustomerListFilters) {
  const organisationId = useOrganisationId();
  // A new search keeps the previous rows on screen until its answer arrives, instead of flashing.
  return useInfiniteQuery({ ...customersQuery(organisationId, filters), placeholderData: keepPreviousData });
}
