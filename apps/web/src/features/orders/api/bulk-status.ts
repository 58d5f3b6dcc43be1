import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkUpdateOrderStatus, type OrderStatus } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { orderKeys } from './order-keys.ts';

/** Moves the chosen orders to one status; the answer names those moved and those refused, and why. */
export function useBulkStatus() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { status: OrderStatus; orderIds: readonly string[] }) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(bulkUpdateOrderStatus, {
        params: { id: organisationId, status: input.status },
        body: { order_ids: [...input.orderIds] },
        organisationId,
      });
    },
    // Lists and any order open in the cache show the new statuses.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all(organisationId) }),
  });
}
