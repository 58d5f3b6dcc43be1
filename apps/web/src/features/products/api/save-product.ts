import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProduct, type Product, type ProductInput, updateProduct } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { productKeys } from './product-keys.ts';

/** Shown on the form: field errors (a SKU already used is a 409 on body.sku), and a stale edit. */
export const PRODUCT_FORM_ERROR_CODES = ['VALIDATION_ERROR', 'CONFLICT'] as const;

function useProductSaved() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return async (product: Product) => {
    queryClient.setQueryData(productKeys.detail(organisationId, product.id), product);
    await queryClient.invalidateQueries({ queryKey: productKeys.lists(organisationId) });
  };
}

export function useCreateProduct() {
  const organisationId = useOrganisationId();
  const onSaved = useProductSaved();
  return useMutation({
    mutationFn: (body: ProductInput) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(createProduct, {
        params: { id: organisationId },
        body,
        organisationId,
        handledErrorCodes: PRODUCT_FORM_ERROR_CODES,
      });
    },
    onSuccess: onSaved,
  });
}

export type UpdateProductInput = {
  productId: string;
  body: ProductInput;
  /** The version the edit was made on; a newer one on the server answers 409 CONFLICT. */
  version: number;
};

export function useUpdateProduct() {
  const organisationId = useOrganisationId();
  const onSaved = useProductSaved();
  return useMutation({
    mutationFn: (input: UpdateProductInput) =>
      request(updateProduct, {
        params: { id: input.productId },
        body: { ...input.body, version: input.version },
        organisationId,
        handledErrorCodes: PRODUCT_FORM_ERROR_CODES,
      }),
    onSuccess: onSaved,
  });
}
