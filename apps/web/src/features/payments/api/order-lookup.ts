import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getOrder } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { paymentKeys } from './payment-keys.ts';

/** The order a "Record payment" was opened for: whose it is and what it owes, to prefill the form. */
export function useOrderToPay(orderId: string | null) {
  const organisationId = useOrganisationId();
  return useQuery(
    queryOptions({
      queryKey: paymentKeys.order(organisationId, orderId ?? ''),
      queryFn:
        organisationId && orderId
          ? ({ signal }) =>
              request(getOrder, {
                params: { id: orderId },
                signal,
                organisationId,
                handledErrorCodes: ['NOT_FOUND'],
              })
          : skipToken,
    }),
  );
}
