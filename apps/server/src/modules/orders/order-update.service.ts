import {
  canMoveOrder,
  isOrderEditable,
  type OrderStatus,
  orderMoveRefusal,
  type UpdateOrderInput,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createOrderEditor, type OrderChange, orderNotEditable } from './order-editing.ts';
import { findActiveShippingMethod, type OrderRow } from './order-writes.queries.ts';

// PATCH orders/{id}: status (through the state machine), notes and PO number, delivery.

/** When an order reached a status, for the statuses that record one. */
export function statusTimestamps(to: OrderStatus, now: Date): Partial<OrderRow> {
  if (to === 'SHIPPED') return { shippedAt: now };
  if (to === 'COMPLETED') return { completedAt: now };
  if (to === 'CANCELLED') return { cancelledAt: now };
  return {};
}

export const moveRefused = (from: OrderStatus, to: OrderStatus) =>
  new AppError('STATUS_TRANSITION_NOT_ALLOWED', `${orderMoveRefusal(from, to)}.`);

/** Notes and the PO number stay open until the order is done with (completed or cancelled). */
const areNotesOpen = (status: OrderStatus) => status !== 'COMPLETED' && status !== 'CANCELLED';

type Input = z.output<typeof UpdateOrderInput>;

export function createOrderUpdateService(deps: Pick<AppDeps, 'database' | 'now' | 'jobs'>) {
  const editor = createOrderEditor(deps);

  return {
    async update(options: { merchantId: string; orderId: string; userId: string; input: Input }) {
      const { input } = options;
      return editor.edit({ ...options, version: input.version }, async ({ tx, order, now }) => {
        const change: OrderChange = { values: {}, events: [] };
        // Each field counts only when it differs: a form sent back whole changes what it changed.
        const differs = <K extends keyof Input & keyof typeof fieldColumns>(field: K) =>
          input[field] !== undefined && input[field] !== order[fieldColumns[field]];
        const details: Record<string, { from: unknown; to: unknown }> = {};

        for (const field of ['notes', 'purchase_order_number'] as const) {
          if (!differs(field)) continue;
          if (!areNotesOpen(order.status))
            throw orderNotEditable(order, 'Notes and the purchase-order number');
          details[field] = { from: order[fieldColumns[field]], to: input[field] };
          change.values[fieldColumns[field]] = input[field] as string | null;
        }

        if (differs('delivery_date')) {
          if (!isOrderEditable(order.status)) throw orderNotEditable(order, 'The delivery date');
          details.delivery_date = { from: order.deliveryDate, to: input.delivery_date };
          change.values.deliveryDate = input.delivery_date ?? null;
        }

        if (input.shipping_method_id !== undefined && input.shipping_method_id !== order.shippingMethodId) {
          if (!isOrderEditable(order.status)) throw orderNotEditable(order, 'The delivery method');
          const method = input.shipping_method_id
            ? await findActiveShippingMethod(tx, {
                merchantId: order.merchantId,
                id: input.shipping_method_id,
              })
            : null;
          if (method === undefined) throw notFound('Shipping method');
          details.shipping_method = { from: order.shippingMethodName, to: method?.name ?? null };
          Object.assign(change.values, {
            shippingMethodId: method?.id ?? null,
            shippingMethodName: method?.name ?? null,
            shippingMethodKind: method?.kind ?? null,
          });
        }

        if (input.status !== undefined && input.status !== order.status) {
          if (!canMoveOrder(order.status, input.status)) throw moveRefused(order.status, input.status);
          Object.assign(change.values, { status: input.status, ...statusTimestamps(input.status, now) });
          change.events.push({ kind: 'STATUS_CHANGED', details: { from: order.status, to: input.status } });
        }
        if (Object.keys(details).length > 0) change.events.push({ kind: 'DETAILS_CHANGED', details });
        return change;
      });
    },
  };
}

const fieldColumns = {
  notes: 'notes',
  purchase_order_number: 'purchaseOrderNumber',
  delivery_date: 'deliveryDate',
} as const satisfies Partial<Record<keyof Input, keyof OrderRow>>;
