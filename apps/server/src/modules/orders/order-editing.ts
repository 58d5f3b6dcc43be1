import {
  computeOrderTotals,
  deliveryGstRate,
  isOrderEditable,
  ORDER_STATUS_LABELS,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { queueAccountingSync } from '../accounting/accounting-sync.queue.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { findOrderInScope } from './order-rows.queries.ts';
import { toOrder } from './order-view.ts';
import {
  findUserName,
  insertOrderEvents,
  lockOrder,
  type OrderEventInput,
  type OrderLineRow,
  type OrderRow,
  updateOrder,
  updateOrderLine,
} from './order-writes.queries.ts';

// The one way an order is changed: locked, found in the merchant, checked against the version the
// editor read, changed, its version bumped and the change written to its history — one transaction.

export const staleOrder = () =>
  conflict('Someone else changed this order since you opened it. Reload to see their changes.');

export const orderNotEditable = (order: Pick<OrderRow, 'status'>, what: string) =>
  new AppError(
    'ORDER_NOT_EDITABLE',
    `${what} cannot change on a ${ORDER_STATUS_LABELS[order.status].toLowerCase()} order.`,
  );

export type OrderChange = {
  /** Columns to set on the order (its version is bumped whenever anything changed). */
  values: Partial<OrderRow>;
  events: Omit<OrderEventInput, 'userId' | 'userName'>[];
};

export type EditContext = { tx: Db; order: OrderRow; now: Date };

/**
 * Edits one order of the merchant for `userId`, guarded by `version`. `change` sees the locked
 * order and answers what changed; nothing at all (no events) leaves the order and its version as
 * they are. Answers the order as its merchant sees it afterwards.
 */
export function createOrderEditor(deps: Pick<AppDeps, 'database' | 'now' | 'jobs'>) {
  const { db } = deps.database;

  async function view(merchantId: string, id: string) {
    const record = await findOrderInScope(db, { scope: { kind: 'MERCHANT', merchantId }, id });
    if (!record) throw notFound('Order');
    return toOrder(record, 'MERCHANT');
  }

  async function edit(
    options: { merchantId: string; orderId: string; userId: string; version: number; editableFor?: string },
    change: (context: EditContext) => Promise<OrderChange>,
  ) {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, { merchantId: options.merchantId, id: options.orderId });
      if (!order) throw notFound('Order');
      if (order.version !== options.version) throw staleOrder();
      if (options.editableFor && !isOrderEditable(order.status))
        throw orderNotEditable(order, options.editableFor);
      const now = deps.now();
      const { values, events } = await change({ tx, order, now });
      if (events.length === 0) return;
      const userName = await findUserName(tx, options.userId);
      await updateOrder(tx, { order, values, now });
      await insertOrderEvents(tx, {
        order,
        events: events.map((event) => ({ ...event, userId: options.userId, userName })),
        now,
      });
      // Its invoice in the merchant's books follows it (edited, voided when cancelled).
      await queueAccountingSync(tx, {
        jobs: deps.jobs,
        merchantId: order.merchantId,
        kind: 'INVOICE',
        sourceIds: [order.id],
      });
    });
    return view(options.merchantId, options.orderId);
  }

  return { edit, view };
}

/**
 * Prices an order's lines (as they now stand, by position) and delivery fee again with the
 * contract's one function, at each line's stored price and GST rate, the order's rounding and its
 * customer's tax status; writes any line whose totals moved, and answers the order's new totals.
 */
export async function repriceOrder(
  tx: Db,
  options: { order: OrderRow; lines: OrderLineRow[]; deliveryFeeCents: number; now: Date },
) {
  const { order, lines, now } = options;
  const totals = computeOrderTotals({
    lines: lines.map((line) => ({
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      gstRateBasisPoints: line.gstRateBasisPoints,
    })),
    deliveryFeeCents: options.deliveryFeeCents,
    deliveryGstRateBasisPoints: deliveryGstRate({ isTaxExempt: order.isTaxExempt }),
    rounding: order.gstRounding,
  });
  for (const [index, line] of lines.entries()) {
    const { subtotalCents, gstCents } = totals.lines[index]!;
    if (line.subtotalCents !== subtotalCents || line.gstCents !== gstCents) {
      await updateOrderLine(tx, { line, values: { subtotalCents, gstCents }, now });
    }
  }
  return {
    subtotalCents: totals.subtotalCents,
    deliveryFeeCents: totals.deliveryFeeCents,
    gstCents: totals.gstCents,
    totalCents: totals.totalCents,
  };
}
