import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listCatalogue } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type CatalogueFilters, type OrderingScope, orderingKeys } from './ordering-keys.ts';

export const CATALOGUE_PAGE_SIZE = 24;

export function catalogueQuery(
  organisationId: string | null,
  scope: OrderingScope,
  filters: CatalogueFilters,
) {
  return infiniteQueryOptions({
    queryKey: orderingKeys.catalogue(organisationId, scope, filters),
    queryFn: ({ pageParam, signal }) =>
      request(listCatalogue, {
        params: { id: scope.merchantId },
        query: {
          customer_organisation_id: scope.customerOrganisationId,
          limit: CATALOGUE_PAGE_SIZE,
          cursor: pageParam,
          ...(filters.search ? { search: filters.search } : {}),
          ...(filters.categoryId ? { category_id: filters.categoryId } : {}),
          ...(filters.brandId ? { brand_id: filters.brandId } : {}),
        },
        signal,
        organisationId,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** The merchant's catalogue as the customer sees it: visible products at its prices, keyset-paged. */
export function useCatalogue(scope: OrderingScope, filters: CatalogueFilters) {
  const organisationId = useOrganisationId();
  // A new search keeps the previous products on screen until its answer arrives, instead of flashing.
  return useInfiniteQuery({
    ...catalogueQuery(organisationId, scope, filters),
    placeholderData: keepPreviousData,
  });
}
