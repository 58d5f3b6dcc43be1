import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { listOrders, searchOrders } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type OrderListFilters, orderKeys } from './order-keys.ts';

export const ORDERS_PAGE_SIZE = 50;

/** The filters as the list endpoints take them; "any" is left out rather than sent empty. */
export function ordersQueryOf(filters: OrderListFilters) {
  return {
    ...(filters.statuses.length > 0 ? { status: filters.statuses.join(',') } : {}),
    ...(filters.payment_statuses.length > 0 ? { payment_status: filters.payment_statuses.join(',') } : {}),
    ...(filters.customer_organisation_id
      ? { customer_organisation_id: filters.customer_organisation_id }
      : {}),
    ...(filters.delivery_from ? { delivery_from: filters.delivery_from } : {}),
    ...(filters.delivery_to ? { delivery_to: filters.delivery_to } : {}),
    ...(filters.placed ? { placed: filters.placed } : {}),
  };
}

export function ordersQuery(organisationId: string | null, filters: OrderListFilters) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(organisationId, filters),
    queryFn: organisationId
      ? ({ pageParam, signal }) => {
          const common = {
            params: { id: organisationId },
            signal,
            organisationId,
          };
          const query = { limit: ORDERS_PAGE_SIZE, cursor: pageParam, ...ordersQueryOf(filters) };
          // A search has its own endpoint (number, customer, product, PO); the filters apply to both.
          return filters.search
            ? request(searchOrders, { ...common, query: { ...query, q: filters.search } })
            : request(listOrders, { ...common, query });
        }
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/**
 * The organisation's orders, newest first, a keyset page at a time: a merchant's, or a customer
 * organisation's own (the server tells them apart by the id).
 */
export function useOrders(filters: OrderListFilters) {
  const organisationId = useOrganisationId();
  // New filters keep the previous rows on screen until their answer arrives, instead of flashing.
  return useInfiniteQuery({ ...ordersQuery(organisationId, filters), placeholderData: keepPreviousData });
}
