import { useQueryClient } from '@tanstack/react-query';
import { type Customer, listCustomers } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { customerKeys } from './customer-keys.ts';

// A handful is enough to name them; a business rarely has more branches as customers.
const NAMED_AT_MOST = 5;

/**
 * The merchant's other customers (archived too) with exactly this ABN, asked of the server just
 * before a save, so a second customer with one ABN is saved only after a warning.
 */
export function useCustomersWithAbn() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return async (abn: string, options: { exceptId?: string } = {}): Promise<Customer[]> => {
    if (!organisationId) return [];
    const page = await queryClient.fetchQuery({
      queryKey: customerKeys.withAbn(organisationId, abn),
      queryFn: ({ signal }) =>
        request(listCustomers, {
          params: { id: organisationId },
          query: { abn, status: 'all', limit: NAMED_AT_MOST },
          signal,
          organisationId,
        }),
      // Asked afresh each time: someone may have added one a moment ago.
      staleTime: 0,
    });
    return page.items.filter((customer) => customer.id !== options.exceptId);
  };
}
