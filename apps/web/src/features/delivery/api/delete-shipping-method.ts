import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteShippingMethod, type ShippingMethod } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { deliveryKeys } from './delivery-keys.ts';

export function useDeleteShippingMethod() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (method: ShippingMethod) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(deleteShippingMethod, {
        params: { id: organisationId, mid: method.id },
        organisationId,
      });
    },
    // A 404 means someone else deleted it first: the list is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all(organisationId) }),
  });
}
