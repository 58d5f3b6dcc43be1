import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { listProducts } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type ProductListFilters, type ProductListOrder, productKeys } from './product-keys.ts';

export const PRODUCTS_PAGE_SIZE = 50;

/** The list and the CSV export take the same filters; "any" is left out rather than sent empty. */
export function filtersQuery(filters: ProductListFilters) {
  return {
    status: filters.status,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.brand_id ? { brand_id: filters.brand_id } : {}),
    ...(filters.supplier_id ? { supplier_id: filters.supplier_id } : {}),
    ...(filters.category_id ? { category_id: filters.category_id } : {}),
  };
}

export const DEFAULT_ORDER: ProductListOrder = { sort: 'name', direction: 'asc' };

export function productsQuery(
  organisationId: string | null,
  filters: ProductListFilters,
  order: ProductListOrder = DEFAULT_ORDER,
) {
  return infiniteQueryOptions({
    queryKey: productKeys.list(organisationId, filters, order),
    queryFn: organisationId
      ? ({ pageParam, signal }) =>
          request(listProducts, {
            params: { id: organisationId },
            query: {
              limit: PRODUCTS_PAGE_SIZE,
              cursor: pageParam,
              ...filtersQuery(filters),
              sort: order.sort,
              direction: order.direction,
              // Counted once, with the first page: "N products" and "select all N matching".
              ...(pageParam === undefined ? { with_total: 'true' as const } : {}),
            },
            signal,
            organisationId,
          })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** The merchant's products, a keyset page at a time, searched, filtered and sorted on the server. */
export function useProducts(filters: ProductListFilters, order: ProductListOrder = DEFAULT_ORDER) {
  const organisationId = useOrganisationId();
  // A new search keeps the previous rows on screen until its answer arrives, instead of flashing.
  return useInfiniteQuery({
    ...productsQuery(organisationId, filters, order),
    placeholderData: keepPreviousData,
  });
}
