import { type Cart, type CartProblem, dateInZone, type Order } from '@tradeport/contract';
import { queueAccountingSync } from '../accounting/accounting-sync.queue.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { type CommitWith, committingTransaction } from '../../platform/db/committing-transaction.ts';
import { timeOrderedId } from '../../platform/db/time-ordered-id.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import type { CartContext } from './cart-context.queries.ts';
import { ORDER_PLACED_JOB } from '../order-documents/order-placed.job.ts';
import { readPricedCart } from './cart-facts.ts';
import type { CartOwner } from './cart-owner.ts';
import { findOrCreateCart } from './cart.queries.ts';
import { dueDate } from './order-dates.ts';
import {
  findOrderIdByKey,
  insertNumberedOrder,
  insertOrderLinesAndEvent,
  lockCartForPlacing,
  type WrittenOrder,
} from './place-order.queries.ts';
import { findOrderInScope } from '../orders/order-rows.queries.ts';
import { type OrderViewer, toOrder } from '../orders/order-view.ts';

/** The key's order was committed by a concurrent submit while this one was placing. */
class KeyTakenMeanwhile extends Error {}

const notPlaceable = (problems: CartProblem[]) =>
  new AppError(
    'CART_NOT_PLACEABLE',
    `The cart cannot be placed: ${problems.map((problem) => problem.message).join(' ')}`,
    problems.map((problem) => ({ path: problem.code, message: problem.message })),
  );

/** The customer's address as one line for the order (and its packing slip), or null without one. */
function deliveryAddress(customer: CartContext['customer']): string | null {
  const locality = [customer.suburb, customer.state, customer.postcode].filter(Boolean).join(' ');
  const parts = [customer.addressLine1, customer.addressLine2, locality].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

export type PlaceResult = { order: Order; isReplay: boolean };

const viewerOf = (owner: CartOwner): OrderViewer => (owner.isMerchantEntry ? 'MERCHANT' : 'CUSTOMER');

/**
 * Placing a cart as an order: one transaction that locks the cart, re-prices and re-checks it
 * exactly as it is shown, snapshots everything an invoice prints, numbers the order, writes its
 * history, queues `order.placed` and empties the cart. Safe to retry with the same key.
 */
export function createPlaceOrderService({
  database: { db },
  jobs,
  now,
}: Pick<AppDeps, 'database' | 'jobs' | 'now'>) {
  // The order as orders/{id} shows it to the one who placed it: the merchant's view for order
  // entry, the customer's own otherwise.
  const answer = async (owner: CartOwner, orderId: string): Promise<PlaceResult> => {
    const record = await findOrderInScope(db, {
      id: orderId,
      scope: owner.isMerchantEntry
        ? { kind: 'MERCHANT', merchantId: owner.merchantId }
        : { kind: 'CUSTOMER', customerOrganisationId: owner.customerOrganisationId },
    });
    if (!record) throw new Error(`Order ${orderId} vanished after it was placed`);
    return { order: toOrder(record, viewerOf(owner)), isReplay: true };
  };

  // A new order is shown from what its writes returned, as findOrderInScope would read it back:
  // reading it again cost three round trips after every placing.
  const answerWritten = (owner: CartOwner, context: CartContext, written: WrittenOrder): PlaceResult => ({
    order: toOrder(
      {
        order: written.order,
        customerOrganisationId: context.customer.organisationId,
        merchantTitle: context.merchant.title,
        isPaymentsTracked: context.account.isPaymentsEnabled,
        placedByName: written.event.userName,
        lineCount: written.lines.length,
        lines: written.lines,
        history: [written.event],
      },
      viewerOf(owner),
    ),
    isReplay: false,
  });

  async function placeInTransaction(
    tx: Db,
    commitWith: CommitWith,
    options: { owner: CartOwner; key: string; expectedTotalCents?: number },
  ): Promise<{ written: WrittenOrder; context: CartContext } | { replayOf: string }> {
    const { owner, key } = options;
    const account = { customerAccountId: owner.customerAccountId, key };
    // Made first if it never was, so an empty cart is refused with every reason, as it is shown.
    let locked = await lockCartForPlacing(tx, { owner, key });
    if (!locked) {
      await findOrCreateCart(tx, owner);
      locked = (await lockCartForPlacing(tx, { owner, key }))!;
    }
    if (locked.existingOrderId) return { replayOf: locked.existingOrderId };
    const { cart, context, accountingProviders } = locked;
    const placedAt = now();
    const { cart: priced } = await readPricedCart(tx, { owner, cart, context, now: placedAt });
    if (priced.problems.length > 0) {
      // A submit with this key that held the cart's lock before this one may have placed it and
      // emptied it; the lock's statement could not see that order (lockCartForPlacing), this can.
      const placedMeanwhile = await findOrderIdByKey(tx, account);
      if (placedMeanwhile) return { replayOf: placedMeanwhile };
      throw notPlaceable(priced.problems);
    }
    if (
      options.expectedTotalCents !== undefined &&
      options.expectedTotalCents !== priced.totals.total_cents
    ) {
      throw conflict(
        `Prices changed: the total is now ${priced.totals.total_cents} cents, not ${options.expectedTotalCents}. Review the cart and place it again.`,
      );
    }
    const written = await writeOrder(tx, {
      owner,
      key,
      priced,
      context,
      cartId: cart.id,
      placedAt,
      commitWith,
      beforeNumbering: async (orderId) => {
        await jobs.sendInTransaction(tx, { name: ORDER_PLACED_JOB, data: { order_id: orderId } });
        await queueAccountingSync(tx, {
          jobs,
          merchantId: owner.merchantId,
          kind: 'INVOICE',
          sourceIds: [orderId],
          providers: accountingProviders,
        });
      },
    });
    if (!written) throw new KeyTakenMeanwhile();
    // Answered after the commit, not here: the merchant's counter stays locked until then.
    return { written, context };
  }

  return {
    async place(options: {
      owner: CartOwner;
      key: string;
      expectedTotalCents?: number;
    }): Promise<PlaceResult> {
      const { owner, key } = options;
      const account = { customerAccountId: owner.customerAccountId, key };
      // A replay is found inside the transaction, once the cart is locked: no lookup before it,
      // as every round trip costs placing CPU that concurrent placings share.
      try {
        const placed = await committingTransaction(db, (tx, commitWith) =>
          placeInTransaction(tx, commitWith, options),
        );
        if ('replayOf' in placed) return answer(owner, placed.replayOf);
        return answerWritten(owner, placed.context, placed.written);
      } catch (error) {
        if (!(error instanceof KeyTakenMeanwhile)) throw error;
        // Everything this attempt wrote (its numbers included) was rolled back; the winner stands.
        const winner = await findOrderIdByKey(db, account);
        if (!winner) throw error;
        return answer(owner, winner);
      }
    },
  };
}

/**
 * Writes the order, its lines and its PLACED event, and empties the cart it was placed from;
 * undefined when the key was taken (everything written is then rolled back with the
 * transaction). The order is numbered and inserted last, in one statement, after
 * `beforeNumbering` (the rest of the placing's writes): the merchant's counter row stays locked
 * from its update to the commit, and every concurrent placing of the merchant waits for it, so
 * that wait is kept to that statement and the commit, sent with it when `commitWith` is given
 * (placing's own transaction; the demo seed writes more after it). Its lines and event reference
 * it before it exists, which their deferred foreign keys (migration 0016) check at commit. The
 * lines' ids and instants are given here, not defaulted, so the lines returned are the lines
 * stored.
 * Exported for the demo seed, which places its history of orders exactly as placing does.
 */
export async function writeOrder(
  tx: Db,
  options: {
    owner: CartOwner;
    key: string;
    priced: Cart;
    context: CartContext;
    cartId: string;
    placedAt: Date;
    /** Runs the numbered insert and commits the transaction with it. */
    commitWith?: CommitWith;
    beforeNumbering?: (orderId: string) => Promise<void>;
  },
): Promise<WrittenOrder | undefined> {
  const { owner, priced, context, placedAt } = options;
  const method = priced.delivery_options.find((option) => option.id === priced.shipping_method_id)!;
  // Time-ordered, as are its lines' and event's: their index entries land on the newest pages.
  const orderId = timeOrderedId(placedAt.getTime());
  const lines = priced.lines.map((line, position) => ({
    id: timeOrderedId(placedAt.getTime()),
    merchantId: owner.merchantId,
    orderId,
    productId: line.product_id,
    position,
    name: line.name,
    sku: line.sku,
    unitName: line.unit_of_measure?.name ?? null,
    unitAbbreviation: line.unit_of_measure?.abbreviation ?? null,
    quantity: line.quantity,
    unitPriceCents: line.unit_price_cents,
    gstRateBasisPoints: line.gst_rate_basis_points,
    subtotalCents: line.subtotal_cents,
    gstCents: line.gst_cents,
    createdAt: placedAt,
    updatedAt: placedAt,
  }));
  const event = await insertOrderLinesAndEvent(tx, {
    lines,
    event: {
      id: timeOrderedId(placedAt.getTime()),
      merchantId: owner.merchantId,
      orderId,
      kind: 'PLACED',
      userId: owner.userId,
      details: {
        total_cents: priced.totals.total_cents,
        is_placed_by_merchant: owner.isPlacedByMerchant,
        placed_on: dateInZone(placedAt, context.merchant.timeZone),
      },
      at: placedAt,
    },
    emptiedCart: { cartId: options.cartId, now: placedAt },
  });
  await options.beforeNumbering?.(orderId);
  const order = await insertNumberedOrder(
    tx,
    {
      id: orderId,
      merchantId: owner.merchantId,
      customerAccountId: owner.customerAccountId,
      idempotencyKey: options.key,
      placedByUserId: owner.userId,
      isPlacedByMerchant: owner.isPlacedByMerchant,
      customerName: context.customer.title,
      customerAbn: context.customer.abn,
      deliveryAddress: deliveryAddress(context.customer),
      shippingMethodId: method.id,
      shippingMethodName: method.name,
      shippingMethodKind: method.kind,
      // No date asked for: the method's earliest.
      deliveryDate: priced.requested_delivery_date ?? method.dates[0] ?? null,
      notes: priced.notes,
      purchaseOrderNumber: priced.purchase_order_number,
      paymentTermsDays: context.account.paymentTermsDays,
      dueDate: dueDate({
        placedAt,
        timeZone: context.merchant.timeZone,
        paymentTermsDays: context.account.paymentTermsDays,
      }),
      gstRounding: priced.gst_rounding,
      isTaxExempt: context.account.isTaxExempt,
      subtotalCents: priced.totals.subtotal_cents,
      deliveryFeeCents: priced.totals.delivery_fee_cents,
      gstCents: priced.totals.gst_cents,
      totalCents: priced.totals.total_cents,
      placedAt,
      createdAt: placedAt,
      updatedAt: placedAt,
    },
    options.commitWith,
  );
  return order && { order, lines, event };
}
