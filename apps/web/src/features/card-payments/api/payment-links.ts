import {
  infiniteQueryOptions,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { createPaymentLink, listPaymentLinks, revokePaymentLink } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { cardPaymentKeys } from './card-payment-keys.ts';

const PAGE_SIZE = 20;

/** Refusals the links dialog says itself (card payments not set up, nothing left to pay…). */
export const LINK_REFUSALS = [
  'CARD_PAYMENTS_NOT_SET_UP',
  'PAYMENTS_NOT_ENABLED',
  'CONFLICT',
  'NOT_FOUND',
  'VALIDATION_ERROR',
] as const;

export function paymentLinksQuery(organisationId: string | null, customerId: string) {
  return infiniteQueryOptions({
    queryKey: cardPaymentKeys.links(organisationId, customerId),
    queryFn: organisationId
      ? ({ signal, pageParam }) =>
          request(listPaymentLinks, {
            params: { id: organisationId },
            query: { customer_id: customerId, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
            signal,
            organisationId,
          })
      : skipToken,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** A customer's payment links, newest first. */
export function usePaymentLinks(customerId: string) {
  return useInfiniteQuery(paymentLinksQuery(useOrganisationId(), customerId));
}

function useLinkMutation<T, R>(customerId: string, call: (organisationId: string, input: T) => Promise<R>) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return call(organisationId, input);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: cardPaymentKeys.links(organisationId, customerId) }),
  });
}

export function useCreatePaymentLink(customerId: string) {
  return useLinkMutation(
    customerId,
    (organisationId, input: { orderId: string | null; expiresInDays: number }) =>
      request(createPaymentLink, {
        params: { id: organisationId },
        body: { customer_id: customerId, order_id: input.orderId, expires_in_days: input.expiresInDays },
        organisationId,
        handledErrorCodes: LINK_REFUSALS,
      }),
  );
}

export function useRevokePaymentLink(customerId: string) {
  return useLinkMutation(customerId, (organisationId, linkId: string) =>
    request(revokePaymentLink, {
      params: { id: organisationId, lid: linkId },
      organisationId,
      handledErrorCodes: LINK_REFUSALS,
    }),
  );
}
