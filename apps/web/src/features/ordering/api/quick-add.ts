import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Cart, getCatalogueProduct, setCartLine } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { firstQuantity, orderableQuantity } from '../model/quantity.ts';
import { type OrderingScope, orderingKeys } from './ordering-keys.ts';

/**
 * Adds a product found by the merchant's product search: first read as the customer sees it (a
 * product hidden from the customer, or archived, is a 404 the row words itself), then put in the
 * cart at its smallest orderable quantity, onto what is there already.
 */
export function useQuickAdd(scope: OrderingScope) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const cartKey = orderingKeys.cart(organisationId, scope);
  return useMutation({
    mutationFn: async (productId: string) => {
      const product = await request(getCatalogueProduct, {
        params: { id: productId, oid: scope.customerOrganisationId },
        organisationId,
        handledErrorCodes: ['NOT_FOUND'],
      });
      const inCart =
        queryClient.getQueryData<Cart>(cartKey)?.lines.find((line) => line.product_id === productId)
          ?.quantity ?? 0;
      return request(setCartLine, {
        params: { id: productId },
        query: { merchant_id: scope.merchantId, customer_organisation_id: scope.customerOrganisationId },
        body: { quantity: orderableQuantity(product, inCart + firstQuantity(product)) },
        organisationId,
        handledErrorCodes: ['NOT_FOUND'],
      });
    },
    onSuccess: (cart) => queryClient.setQueryData(cartKey, cart),
  });
}
