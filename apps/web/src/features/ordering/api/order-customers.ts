import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getHouseAccount, listCustomers } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { orderingKeys } from './ordering-keys.ts';

export const CUSTOMER_RESULTS = 10;

export function houseAccountQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: orderingKeys.houseAccount(organisationId),
    queryFn: organisationId
      ? ({ signal }) => request(getHouseAccount, { params: { id: organisationId }, signal, organisationId })
      : skipToken,
    staleTime: 5 * 60_000,
  });
}

/** The merchant's house customer, offered for walk-in sales. */
export function useHouseAccount() {
  return useQuery(houseAccountQuery(useOrganisationId()));
}

export function orderCustomerSearchQuery(organisationId: string | null, term: string | null) {
  return queryOptions({
    queryKey: orderingKeys.customerSearch(organisationId, term ?? ''),
    queryFn:
      organisationId && term
        ? ({ signal }) =>
            request(listCustomers, {
              params: { id: organisationId },
              // Active customers only: an archived one cannot order.
              query: { limit: CUSTOMER_RESULTS, search: term, status: 'active' },
              signal,
              organisationId,
            })
        : skipToken,
  });
}

/** The merchant's active customers matching the term (2+ characters, as listCustomers needs). */
export function useOrderCustomerSearch(term: string | null) {
  return useQuery({
    ...orderCustomerSearchQuery(useOrganisationId(), term),
    placeholderData: keepPreviousData,
  });
}
