import { skipToken, useQuery } from '@tanstack/react-query';
import { getOrder, listCustomers, listMyMerchants } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { cardPaymentKeys } from './card-payment-keys.ts';

const MIN_NAME_SEARCH = 2;

/**
 * The customer account (the id `invoice-payment/{pid}` and payment links take) of an order's
 * customer. An order names its customer organisation only, so the account is found among the
 * merchant's customers by the order's customer name and matched on the organisation id.
 */
export function useOrderCustomerAccount(orderId: string | null) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: cardPaymentKeys.orderCustomer(organisationId, orderId ?? ''),
    queryFn:
      organisationId && orderId
        ? async ({ signal }) => {
            const order = await request(getOrder, { params: { id: orderId }, signal, organisationId });
            const name = order.customer.name.trim().slice(0, 100);
            if (name.length < MIN_NAME_SEARCH) throw new Error('Open the customer to take a card payment.');
            const page = await request(listCustomers, {
              params: { id: organisationId },
              query: { search: name, status: 'all', limit: 100 },
              signal,
              organisationId,
            });
            const customer = page.items.find(
              (item) => item.organisation_id === order.customer.organisation_id,
            );
            if (!customer) throw new Error('This order’s customer was not found among your customers.');
            return { customerId: customer.id, orderNumber: order.number };
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
