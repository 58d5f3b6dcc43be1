import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { listCustomerAccounts } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type CustomerAccountFilters, receivableKeys } from './receivable-keys.ts';

export const CUSTOMER_ACCOUNTS_PAGE_SIZE = 25;

export function customerAccountsQuery(organisationId: string | null, filters: CustomerAccountFilters) {
  return infiniteQueryOptions({
    queryKey: receivableKeys.customerAccounts(organisationId, filters),
    queryFn: organisationId
      ? ({ pageParam, signal }) =>
          request(listCustomerAccounts, {
            params: { id: organisationId },
            query: {
              limit: CUSTOMER_ACCOUNTS_PAGE_SIZE,
              cursor: pageParam,
              status: filters.status,
              ...(filters.search ? { search: filters.search } : {}),
            },
            signal,
            organisationId,
          })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** The merchant's customers with what each owes, by name, a keyset page at a time. */
export function useCustomerAccounts(filters: CustomerAccountFilters) {
  const organisationId = useOrganisationId();
  return useInfiniteQuery({
    ...customerAccountsQuery(organisationId, filters),
    placeholderData: keepPreviousData,
  });
}
