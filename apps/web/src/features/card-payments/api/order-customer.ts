import { skipToken, useQuery } from '@tanstack/react-query';
import { getOrder, listMyMerchants } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { cardPaymentKeys } from './card-payment-keys.ts';

/**
 * The customer account (the id `invoice-payment/{pid}` and payment links take) of an order's
 * customer, as the order names it, and the order's number for the dialog to show.
 */
export function useOrderCustomerAccount(orderId: string | null) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: cardPaymentKeys.orderCustomer(organisationId, orderId ?? ''),
    queryFn:
      organisationId && orderId
        ? async ({ signal }) => {
            const order = await request(getOrder, { params: { id: orderId }, signal, organisationId });
            return { customerId: order.customer.account_id, orderNumber: order.number };
          }
        : skipToken,
    staleTime: 5 * 60_000,
  });
}

/** The merchants the current customer organisation pays (usually one). */
export function useMyMerchants(options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: cardPaymentKeys.myMerchants(organisationId),
    queryFn: organisationId
      ? ({ signal }) => request(listMyMerchants, { signal, organisationId })
      : skipToken,
    enabled: options.enabled,
    staleTime: 5 * 60_000,
  });
}
