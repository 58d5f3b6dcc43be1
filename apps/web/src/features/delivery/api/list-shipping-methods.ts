import { infiniteQueryOptions, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { listShippingMethods, MAX_PAGE_SIZE } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { deliveryKeys } from './delivery-keys.ts';

export function shippingMethodsQuery(organisationId: string | null) {
  return infiniteQueryOptions({
    queryKey: deliveryKeys.list(organisationId),
    queryFn: organisationId
      ? ({ pageParam, signal }) =>
          request(listShippingMethods, {
            params: { id: organisationId },
            // A merchant has a handful of methods: one page almost always holds them all.
            query: { limit: MAX_PAGE_SIZE, cursor: pageParam },
            signal,
            organisationId,
          })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** The merchant's delivery methods by name, a page at a time, and its time zone. */
export function useShippingMethods() {
  return useInfiniteQuery(shippingMethodsQuery(useOrganisationId()));
}
