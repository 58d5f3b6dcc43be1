import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeProductState, deleteProduct, type ProductAction } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { productKeys } from './product-keys.ts';

/** Archive or restore one product; the answer is the product as it now is. */
export function useChangeProductState(productId: string) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (action: ProductAction) =>
      request(changeProductState, { params: { id: productId, x: action }, organisationId }),
    onSuccess: async (product) => {
      queryClient.setQueryData(productKeys.detail(organisationId, product.id), product);
      await queryClient.invalidateQueries({ queryKey: productKeys.lists(organisationId) });
    },
  });
}

/** Delete one unused product; a used one answers 409, which the dialog explains itself. */
export function useDeleteProduct(productId: string) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: () =>
      request(deleteProduct, {
        params: { id: productId },
        organisationId,
        handledErrorCodes: ['CONFLICT'],
      }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: productKeys.detail(organisationId, productId) });
      await queryClient.invalidateQueries({ queryKey: productKeys.lists(organisationId) });
    },
  });
}
