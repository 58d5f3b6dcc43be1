import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { listPayments, searchPayments } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type PaymentListFilters, paymentKeys } from './payment-keys.ts';

export const PAYMENTS_PAGE_SIZE = 50;

/** The filters as the list endpoints take them; "any" is left out rather than sent empty. */
export function paymentsQueryOf(filters: PaymentListFilters) {
  return {
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.method ? { method: filters.method } : {}),
    ...(filters.customer_organisation_id
      ? { customer_organisation_id: filters.customer_organisation_id }
      : {}),
    ...(filters.paid_from ? { paid_from: filters.paid_from } : {}),
    ...(filters.paid_to ? { paid_to: filters.paid_to } : {}),
  };
}

export function paymentsQuery(organisationId: string | null, filters: PaymentListFilters) {
  return infiniteQueryOptions({
    queryKey: paymentKeys.paymentList(organisationId, filters),
    queryFn: organisationId
      ? ({ pageParam, signal }) => {
          const common = { params: { id: organisationId }, signal, organisationId };
          const query = { limit: PAYMENTS_PAGE_SIZE, cursor: pageParam, ...paymentsQueryOf(filters) };
          // A search has its own endpoint (number, reference, customer); the filters apply to both.
          return filters.search
            ? request(searchPayments, { ...common, query: { ...query, q: filters.search } })
            : request(listPayments, { ...common, query });
        }
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/**
 * Payments newest first, a keyset page at a time: the merchant's from every customer, or a
 * customer organisation's own to its merchants (the server tells them apart by the id).
 */
export function usePayments(filters: PaymentListFilters) {
  const organisationId = useOrganisationId();
  // New filters keep the previous rows on screen until their answer arrives, instead of flashing.
  return useInfiniteQuery({ ...paymentsQuery(organisationId, filters), placeholderData: keepPreviousData });
}
