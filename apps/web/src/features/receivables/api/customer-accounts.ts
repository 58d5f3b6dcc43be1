import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { listCustomerAccounts } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type CustomerAccountFilters, receivableKeys } from './receivable-keys.ts';

export const CUSTOMER_ACCOUNTS_PAGE_SIZE = 25;
const OPTIONS_LIMIT = 20;

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

/**
 * The merchant's customers as filter choices for the outstanding list, searched on the server
 * (2+ characters; the first ones by name otherwise), archived ones included since they may still
 * owe. Valued by the customer organisation, which is what the list is filtered by.
 */
export function useCustomerOptions(search: string | null, options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return useQuery({
    ...queryOptions({
      queryKey: receivableKeys.customerOptions(organisationId, search),
      queryFn:
        organisationId && options.enabled
          ? ({ signal }) =>
              request(listCustomerAccounts, {
                params: { id: organisationId },
                query: { limit: OPTIONS_LIMIT, status: 'all', ...(search ? { search } : {}) },
                signal,
                organisationId,
              })
          : skipToken,
    }),
    select: (page) => page.items.map((account) => ({ value: account.organisation_id, label: account.name })),
    placeholderData: keepPreviousData,
  });
}
