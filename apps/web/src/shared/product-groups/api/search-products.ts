import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { searchProducts } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { groupKeys } from './group-keys.ts';

export const PICKER_RESULTS = 10;

export function productSearchQuery(organisationId: string | null, term: string | null) {
  return queryOptions({
    queryKey: groupKeys.productSearch(organisationId, term ?? ''),
    queryFn:
      organisationId && term
        ? ({ signal }) =>
            request(searchProducts, {
              params: { id: organisationId },
              query: { q: term, limit: PICKER_RESULTS, status: 'all' },
              signal,
              organisationId,
            })
        : skipToken,
  });
}

/** The catalogue's best matches for the picker; `term` is null (nothing asked) below 2 characters. */
export function useProductSearch(term: string | null) {
  return useQuery({ ...productSearchQuery(useOrganisationId(), term), placeholderData: keepPreviousData });
}
