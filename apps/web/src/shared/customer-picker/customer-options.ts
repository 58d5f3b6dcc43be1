import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listCustomers } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

const OPTIONS_LIMIT = 20;

export const customerOptionKeys = {
  all: ['customer-options'] as const,
  search: (organisationId: string | null, search: string | null) =>
    [...customerOptionKeys.all, organisationId, search] as const,
};

/**
 * The merchant's customers as picker choices, searched on the server (2+ characters; the first
 * ones by name otherwise), archived ones included since their orders, payments and credits are
 * still listed. Valued by the customer organisation, which is what orders, payments, credits and
 * outstanding invoices are filtered by and name.
 */
export function useCustomerOptions(search: string | null, options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return useQuery({
    ...queryOptions({
      queryKey: customerOptionKeys.search(organisationId, search),
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
