import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reorder } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

/** "Order again": the past order's lines go into the cart at today's prices; the answer names the skipped. */
export function useReorder(orderId: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(reorder, { params: { id: orderId }, organisationId }),
    // The cart belongs to the ordering screens (their keys start "ordering"); what they cached is now stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scopedKey(organisationId, 'ordering') }),
  });
}
