import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getOrder } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { orderKeys } from './order-keys.ts';

export function orderQuery(organisationId: string | null, orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(organisationId, orderId),
    queryFn:
      organisationId && orderId
        ? ({ signal }) =>
            request(getOrder, {
              params: { id: orderId },
              signal,
              organisationId,
              // The screen says "not found" itself; another organisation's order is a 404 too.
              handledErrorCodes: ['NOT_FOUND', 'VALIDATION_ERROR'],
            })
        : skipToken,
  });
}

/** One order with its lines, totals, history and what the caller may do with it now. */
export function useOrder(orderId: string) {
  return useQuery(orderQuery(useOrganisationId(), orderId));
}
