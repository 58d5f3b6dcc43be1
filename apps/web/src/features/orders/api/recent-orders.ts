import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listOrders } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { orderKeys } from './order-keys.ts';

/** The home's recent orders: the newest few, one small page. */
export const RECENT_ORDERS = 5;
/** Open orders read for the next delivery: a café has a handful at a time. */
const OPEN_ORDERS = 50;
const OPEN_STATUSES = 'PROCESSING,ON_HOLD,SHIPPED';

export function recentOrdersQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: orderKeys.recent(organisationId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(listOrders, {
            params: { id: organisationId },
            query: { limit: RECENT_ORDERS },
            signal,
            organisationId,
          })
      : skipToken,
  });
}

/** The organisation's newest orders (a customer organisation's own, with any merchant). */
export function useRecentOrders() {
  return useQuery(recentOrdersQuery(useOrganisationId()));
}

/** Orders still to arrive: not completed or cancelled, delivered on `today` or later. */
export function openDeliveriesQuery(organisationId: string | null, today: string) {
  return queryOptions({
    queryKey: orderKeys.openDeliveries(organisationId, today),
    queryFn: organisationId
      ? ({ signal }) =>
          request(listOrders, {
            params: { id: organisationId },
            query: { limit: OPEN_ORDERS, status: OPEN_STATUSES, delivery_from: today },
            signal,
            organisationId,
          })
      : skipToken,
  });
}

export function useOpenDeliveries(today: string) {
  return useQuery(openDeliveriesQuery(useOrganisationId(), today));
}
