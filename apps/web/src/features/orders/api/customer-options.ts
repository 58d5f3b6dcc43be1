import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listCustomers } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { orderKeys } from './order-keys.ts';

const OPTIONS_LIMIT = 20;

/**
 * The merchant's customers as filter choices, searched on the server (2+ characters; the first
 * ones by name otherwise), archived ones included since their past orders are still listed.
 * Valued by the customer organisation, which is what orders are filtered by.
 */
export function useCustomerOptions(search: string | null, options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return useQuery({
    ...queryOptions({
      queryKey: orderKeys.customerOptions(organisationId, search),
      queryFn:
        organisationId && options.enabled
          ? ({ signal }) =>
              request(listCustomers, {
                params: { id: organisationId },
                query: { limit: OPTIONS_LIMIT, status: 'all', ...(search ? { search } : {}) },
                signal,
                organisationId,
              })
          : skipToken,
    }),
    select: (page) =>
      page.items.map((customer) => ({ value: customer.organisation_id, label: customer.title })),
    placeholderData: keepPreviousData,
  });
}
