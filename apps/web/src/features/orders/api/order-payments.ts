import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listOrderPayments } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { orderKeys } from './order-keys.ts';

export function orderPaymentsQuery(organisationId: string | null, orderId: string) {
  return queryOptions({
    queryKey: orderKeys.payments(organisationId, orderId),
    queryFn:
      organisationId && orderId
        ? ({ signal }) => request(listOrderPayments, { params: { id: orderId }, signal, organisationId })
        : skipToken,
  });
}

/** The order's payments (failed and voided ones too), what it has paid and what it still owes. */
export function useOrderPayments(orderId: string) {
  return useQuery(orderPaymentsQuery(useOrganisationId(), orderId));
}
