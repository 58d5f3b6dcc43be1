import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { listCredits, searchCredits } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type CreditListFilters, paymentKeys } from './payment-keys.ts';

export const CREDITS_PAGE_SIZE = 50;

/** The filters as the list endpoints take them; "any" is left out rather than sent empty. */
export function creditsQueryOf(filters: CreditListFilters) {
  return {
    ...(filters.source ? { source: filters.source } : {}),
    ...(filters.customer_organisation_id
      ? { customer_organisation_id: filters.customer_organisation_id }
      : {}),
    ...(filters.is_available ? { is_available: 'true' as const } : {}),
  };
}

export function creditsQuery(organisationId: string | null, filters: CreditListFilters) {
  return infiniteQueryOptions({
    queryKey: paymentKeys.creditList(organisationId, filters),
    queryFn: organisationId
      ? ({ pageParam, signal }) => {
          const common = { params: { id: organisationId }, signal, organisationId };
          const query = { limit: CREDITS_PAGE_SIZE, cursor: pageParam, ...creditsQueryOf(filters) };
          return filters.search
            ? request(searchCredits, { ...common, query: { ...query, q: filters.search } })
            : request(listCredits, { ...common, query });
        }
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** Account credits newest first: the merchant's to every customer, or a customer organisation's own. */
export function useCredits(filters: CreditListFilters) {
  const organisationId = useOrganisationId();
  return useInfiniteQuery({ ...creditsQuery(organisationId, filters), placeholderData: keepPreviousData });
}
