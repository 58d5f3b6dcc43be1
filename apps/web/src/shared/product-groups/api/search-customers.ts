import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listCustomers } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { groupKeys } from './group-keys.ts';
import { PICKER_RESULTS } from './search-products.ts';

export function customerSearchQuery(organisationId: string | null, term: string | null) {
  return queryOptions({
    queryKey: groupKeys.customerSearch(organisationId, term ?? ''),
    queryFn:
      organisationId && term
        ? ({ signal }) =>
            request(listCustomers, {
              params: { id: organisationId },
              // Archived customers too: one may be put in a tier before it is restored.
              query: { limit: PICKER_RESULTS, search: term, status: 'all' },
              signal,
              organisationId,
            })
        : skipToken,
  });
}

/** The merchant's customers matching the picker's term (2+ characters, as listCustomers needs). */
export function useCustomerSearch(term: string | null) {
  return useQuery({ ...customerSearchQuery(useOrganisationId(), term), placeholderData: keepPreviousData });
}
