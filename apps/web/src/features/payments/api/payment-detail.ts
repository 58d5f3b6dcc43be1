import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getPayment } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { paymentKeys } from './payment-keys.ts';

export function paymentQuery(organisationId: string | null, paymentId: string) {
  return queryOptions({
    queryKey: paymentKeys.payment(organisationId, paymentId),
    queryFn:
      organisationId && paymentId
        ? ({ signal }) =>
            request(getPayment, {
              params: { id: organisationId, pid: paymentId },
              signal,
              organisationId,
              // The drawer says "not found" itself; another organisation's payment is a 404 too.
              handledErrorCodes: ['NOT_FOUND', 'VALIDATION_ERROR'],
            })
        : skipToken,
  });
}

/** One payment with its allocations, refunds, credits and what the caller may do with it now. */
export function usePayment(paymentId: string | null) {
  return useQuery(paymentQuery(useOrganisationId(), paymentId ?? ''));
}
