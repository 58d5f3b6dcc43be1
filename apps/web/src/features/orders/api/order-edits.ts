import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Order,
  type OrderStatus,
  removeOrderLine,
  setOrderDeliveryFee,
  setOrderLine,
  updateOrder,
} from '@tradeport/contract';
import { ApiError } from '#lib/api-error.ts';
import { request } from '#lib/api-client.ts';
import { showErrorToast } from '#lib/toasts.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { orderKeys } from './order-keys.ts';

/** SPEC §8-style wording for a stale edit: the order on screen is replaced by the saved one. */
export const STALE_ORDER_MESSAGE =
  'Someone else changed this order while you were looking at it. It has been reloaded: check it and try again.';

export type OrderDetailsChange = {
  notes?: string | null;
  purchase_order_number?: string | null;
  delivery_date?: string | null;
};

export type OrderEdit =
  | { kind: 'status'; status: OrderStatus }
  | { kind: 'details'; change: OrderDetailsChange }
  | { kind: 'line'; productId: string; quantity: number }
  | { kind: 'remove-line'; productId: string }
  | { kind: 'delivery-fee'; cents: number };

// A stale version is said in the screen's own words; the rest get the API's message as a toast.
const HANDLED = ['CONFLICT'] as const;

function send(order: Order, edit: OrderEdit): Promise<Order> {
  const { version } = order;
  const params = { id: order.id };
  switch (edit.kind) {
    case 'status':
      return request(updateOrder, {
        params,
        body: { version, status: edit.status },
        handledErrorCodes: HANDLED,
      });
    case 'details':
      return request(updateOrder, { params, body: { version, ...edit.change }, handledErrorCodes: HANDLED });
    case 'line':
      return request(setOrderLine, {
        params: { ...params, pid: edit.productId },
        body: { version, quantity: edit.quantity },
        handledErrorCodes: HANDLED,
      });
    case 'remove-line':
      return request(removeOrderLine, {
        params: { ...params, pid: edit.productId },
        query: { version },
        handledErrorCodes: HANDLED,
      });
    case 'delivery-fee':
      return request(setOrderDeliveryFee, {
        params,
        body: { version, delivery_fee_cents: edit.cents },
        handledErrorCodes: HANDLED,
      });
  }
}

/**
 * Every change to an order, each sent with the version on screen. The answer is the order as
 * saved, shown at once; any 409 (stale version, a status that no longer allows it) reloads the
 * order, so what is on screen is what the server holds.
 */
export function useOrderEdit(order: Order) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const detailKey = orderKeys.detail(organisationId, order.id);
  return useMutation({
    mutationFn: (edit: OrderEdit) => send(order, edit),
    onSuccess: (saved) => {
      queryClient.setQueryData(detailKey, saved);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists(organisationId) });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      if (error.code === 'CONFLICT') showErrorToast(STALE_ORDER_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: detailKey });
    },
  });
}
