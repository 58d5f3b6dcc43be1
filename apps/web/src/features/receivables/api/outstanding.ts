import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { listOutstandingOrders } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type OutstandingFilters, receivableKeys } from './receivable-keys.ts';

export const OUTSTANDING_PAGE_SIZE = 50;

/** The filters as the list and its CSV take them; "any" is left out rather than sent empty. */
export function outstandingQueryOf(filters: OutstandingFilters) {
  return {
    ...(filters.merchant_id ? { merchant_id: filters.merchant_id } : {}),
    ...(filters.customer_organisation_id
      ? { customer_organisation_id: filters.customer_organisation_id }
      : {}),
    ...(filters.aging ? { aging: filters.aging } : {}),
    ...(filters.overdue ? { overdue: 'true' as const } : {}),
  };
}

/**
 * `isReady` false: a customer organisation that has not yet said which merchant's invoices it
 * reads, which the API would refuse.
 */
export function outstandingQuery(
  organisationId: string | null,
  filters: OutstandingFilters,
  options: { isReady: boolean },
) {
  return infiniteQueryOptions({
    queryKey: receivableKeys.outstanding(organisationId, filters),
    queryFn:
      organisationId && options.isReady
        ? ({ pageParam, signal }) =>
            request(listOutstandingOrders, {
              params: { id: organisationId },
              query: { limit: OUTSTANDING_PAGE_SIZE, cursor: pageParam, ...outstandingQueryOf(filters) },
              signal,
              organisationId,
            })
        : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/**
 * Unpaid and part-paid orders, oldest due first, a keyset page at a time: a merchant's (every
 * customer, or one), or a customer organisation's own with the merchant it names.
 */
export function useOutstanding(filters: OutstandingFilters, options: { isReady: boolean }) {
  const organisationId = useOrganisationId();
  // New filters keep the previous rows on screen until their answer arrives, instead of flashing.
  return useInfiniteQuery({
    ...outstandingQuery(organisationId, filters, options),
    placeholderData: keepPreviousData,
  });
}
