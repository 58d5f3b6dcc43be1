import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Cart, placeOrder } from '@tradeport/contract';
import { useRef } from 'react';
import { request } from '#lib/api-client.ts';
import { ApiError } from '#lib/api-error.ts';
import { idempotencyHeaders, newIdempotencyKey } from '#lib/idempotency-key.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type OrderingScope, orderingKeys } from './ordering-keys.ts';

/** Refusals the cart shows itself, beside the Place order button. */
export const PLACE_ORDER_REFUSALS = ['CONFLICT', 'CART_NOT_PLACEABLE'] as const;

/** A cart as it was seen when placing: another version or total is another attempt. */
const attemptOf = (cart: Cart) => `${cart.version}:${cart.totals.total_cents}`;

/**
 * Places the cart. Each attempt carries one Idempotency-Key, kept while the same cart is retried
 * (a timeout, a lost answer), so the server answers with the order it already made instead of
 * making a second; the key is dropped once the order is placed or the cart changes.
 */
export function usePlaceOrder(scope: OrderingScope) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; cart: string } | null>(null);

  const keyFor = (cart: Cart) => {
    if (attempt.current?.cart !== attemptOf(cart)) {
      attempt.current = { key: newIdempotencyKey(), cart: attemptOf(cart) };
    }
    return attempt.current.key;
  };

  return useMutation({
    mutationFn: (cart: Cart) =>
      request(placeOrder, {
        params: { id: scope.merchantId },
        query: { customer_organisation_id: scope.customerOrganisationId },
        body: { expected_total_cents: cart.totals.total_cents },
        headers: idempotencyHeaders(keyFor(cart)),
        organisationId,
        handledErrorCodes: PLACE_ORDER_REFUSALS,
      }),
    onSuccess: () => {
      attempt.current = null;
      // The server emptied the cart as it placed the order. Not awaited: the screen moves on to the
      // order at once rather than showing the empty cart first.
      void queryClient.invalidateQueries({ queryKey: orderingKeys.cart(organisationId, scope) });
    },
    onError: (error) => {
      // Prices or the cart changed: show the cart as it is now, so the person can check it.
      if (error instanceof ApiError && error.status === 409) {
        return queryClient.invalidateQueries({ queryKey: orderingKeys.cart(organisationId, scope) });
      }
    },
  });
}
