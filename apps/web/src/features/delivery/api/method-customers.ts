import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type GroupCustomer, listShippingMethodCustomers, MAX_PAGE_SIZE } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { deliveryKeys } from './delivery-keys.ts';

/** At most this many pages are read for the form (10,000 customers is far past any real method). */
const MAX_PAGES = 100;

export function methodCustomersQuery(organisationId: string | null, methodId: string) {
  return queryOptions({
    queryKey: deliveryKeys.customers(organisationId, methodId),
    // The form edits the whole set, so it reads every page of it.
    queryFn: organisationId
      ? async ({ signal }) => {
          const customers: GroupCustomer[] = [];
          let cursor: string | undefined;
          for (let page = 0; page < MAX_PAGES; page += 1) {
            const answer = await request(listShippingMethodCustomers, {
              params: { id: organisationId, mid: methodId },
              query: { limit: MAX_PAGE_SIZE, cursor },
              signal,
              organisationId,
            });
            customers.push(...answer.items);
            if (!answer.next_cursor) break;
            cursor = answer.next_cursor;
          }
          return customers;
        }
      : skipToken,
  });
}

/** The customers a method is assigned to; nothing is read for a new method (null). */
export function useMethodCustomers(methodId: string | null) {
  const organisationId = useOrganisationId();
  return useQuery({
    ...methodCustomersQuery(organisationId, methodId ?? ''),
    enabled: methodId !== null,
  });
}
