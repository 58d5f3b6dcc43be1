import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  type Cart,
  type CartDetailsInput,
  clearCart,
  getCart,
  removeCartLine,
  setCartLine,
  updateCart,
} from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type OrderingScope, orderingKeys } from './ordering-keys.ts';

export function cartQuery(organisationId: string | null, scope: OrderingScope) {
  return queryOptions({
    queryKey: orderingKeys.cart(organisationId, scope),
    queryFn: ({ signal }) =>
      request(getCart, {
        params: { id: scope.merchantId },
        query: { customer_organisation_id: scope.customerOrganisationId },
        signal,
        organisationId,
      }),
  });
}

/** The cart priced on the server for this customer today (the customer's own, or the merchant's entry cart). */
export function useCart(scope: OrderingScope) {
  return useQuery(cartQuery(useOrganisationId(), scope));
}

/** Every cart call answers with the whole cart as priced now: it replaces the one on screen. */
function useCartWrite<V>(
  scope: OrderingScope,
  write: (organisationId: string | null, variables: V) => Promise<Cart>,
) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(organisationId, variables),
    onSuccess: (cart) => queryClient.setQueryData(orderingKeys.cart(organisationId, scope), cart),
  });
}

const productQuery = (scope: OrderingScope) => ({
  merchant_id: scope.merchantId,
  customer_organisation_id: scope.customerOrganisationId,
});

/** Puts a product in the cart at a quantity (adds it, or changes its quantity). */
export function useSetCartLine(scope: OrderingScope) {
  return useCartWrite(scope, (organisationId, line: { productId: string; quantity: number }) =>
    request(setCartLine, {
      params: { id: line.productId },
      query: productQuery(scope),
      body: { quantity: line.quantity },
      organisationId,
    }),
  );
}

export function useRemoveCartLine(scope: OrderingScope) {
  return useCartWrite(scope, (organisationId, productId: string) =>
    request(removeCartLine, { params: { id: productId }, query: productQuery(scope), organisationId }),
  );
}

/** Empties the cart (its lines; the details stay for the next order). */
export function useClearCart(scope: OrderingScope) {
  return useCartWrite(scope, (organisationId, _: void) =>
    request(clearCart, {
      params: { id: scope.merchantId },
      query: { customer_organisation_id: scope.customerOrganisationId },
      organisationId,
    }),
  );
}

export type CartDetails = z.input<typeof CartDetailsInput>;

/** The cart's details as they stand, to change one and send the rest unchanged. */
export function detailsOf(cart: Cart): CartDetails {
  return {
    version: cart.version,
    shipping_method_id: cart.shipping_method_id,
    requested_delivery_date: cart.requested_delivery_date,
    notes: cart.notes,
    purchase_order_number: cart.purchase_order_number,
  };
}

/** Delivery method, date, notes and PO number; a stale version is 409, which the caller words. */
export function useUpdateCart(scope: OrderingScope) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: CartDetails) =>
      request(updateCart, {
        params: { id: scope.merchantId },
        query: { customer_organisation_id: scope.customerOrganisationId },
        body: details,
        organisationId,
        handledErrorCodes: ['CONFLICT'],
      }),
    onSuccess: (cart) => queryClient.setQueryData(orderingKeys.cart(organisationId, scope), cart),
    // Someone else changed the cart (another of the customer's people): show theirs.
    onError: () => queryClient.invalidateQueries({ queryKey: orderingKeys.cart(organisationId, scope) }),
  });
}

/**
 * Saves details one change after another, each on the cart's version as it stands once the one
 * before has landed, so two quick changes never refuse each other as stale. `settled` waits for
 * every save sent so far: placing the order waits for the last note typed.
 */
export function useSaveCartDetails(scope: OrderingScope) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const update = useUpdateCart(scope);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const save = (change: Partial<Omit<CartDetails, 'version'>>) => {
    queue.current = queue.current.then(() => {
      const cart = queryClient.getQueryData<Cart>(orderingKeys.cart(organisationId, scope));
      if (!cart) return undefined;
      // Its failure is on screen (update.error); the queue carries on.
      return update.mutateAsync({ ...detailsOf(cart), ...change }).catch(() => undefined);
    });
  };
  return { save, settled: () => queue.current, isPending: update.isPending, error: update.error };
}
