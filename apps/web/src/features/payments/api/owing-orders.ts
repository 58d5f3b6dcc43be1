import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listOutstandingOrders, MAX_PAYMENT_ALLOCATIONS } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { paymentKeys } from './payment-keys.ts';

/**
 * The customer's orders that still owe, oldest due first: what a payment or a credit is allocated
 * across. One page of as many as one payment may pay (MAX_PAYMENT_ALLOCATIONS). Cancelled orders
 * and customers whose payments are not tracked owe nothing, so they are not among them.
 */
export function owingOrdersQuery(organisationId: string | null, customerOrganisationId: string | null) {
  return queryOptions({
    queryKey: paymentKeys.owingOrders(organisationId, customerOrganisationId ?? ''),
    queryFn:
      organisationId && customerOrganisationId
        ? ({ signal }) =>
            request(listOutstandingOrders, {
              params: { id: organisationId },
              query: {
                customer_organisation_id: customerOrganisationId,
                limit: MAX_PAYMENT_ALLOCATIONS,
              },
              signal,
              organisationId,
            })
        : skipToken,
  });
}

export function useOwingOrders(customerOrganisationId: string | null) {
  return useQuery(owingOrdersQuery(useOrganisationId(), customerOrganisationId));
}
