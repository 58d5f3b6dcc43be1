import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCatalogueFacets } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type OrderingScope, orderingKeys } from './ordering-keys.ts';

export function catalogueFacetsQuery(organisationId: string | null, scope: OrderingScope) {
  return queryOptions({
    queryKey: orderingKeys.facets(organisationId, scope),
    queryFn: ({ signal }) =>
      request(getCatalogueFacets, {
        params: { id: scope.merchantId },
        query: { customer_organisation_id: scope.customerOrganisationId },
        signal,
        organisationId,
      }),
    // Categories and brands change far less often than a browsing session lasts.
    staleTime: 5 * 60_000,
  });
}

/** The categories and brands the customer can filter by: those of products it can see. */
export function useCatalogueFacets(scope: OrderingScope) {
  return useQuery(catalogueFacetsQuery(useOrganisationId(), scope));
}
