import { MAX_CART_LINES, resolveUnitPrice } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { productGstRates } from '../taxes/tax-rates.queries.ts';
import { createOrderEditor, type EditContext, repriceOrder } from './order-editing.ts';
import {
  deleteOrderLine,
  findProductForLine,
  insertOrderLine,
  listOrderLineRows,
  type OrderLineRow,
  updateOrderLine,
} from './order-writes.queries.ts';

// An open order's lines and delivery fee, changed by the merchant: every change prices the whole
// order again (repriceOrder) and is kept in its history with the total before and after.

const LINES = 'Lines';

/** A new line: the product as it is today, at the customer's price today (tier, else base). */
async function newLine(
  tx: Db,
  context: EditContext & { productId: string; quantity: number; position: number },
) {
  const { order } = context;
  const product = await findProductForLine(tx, {
    merchantId: order.merchantId,
    customerAccountId: order.customerAccountId,
    productId: context.productId,
  });
  if (!product) throw notFound('Product');
  // The order's own tax-exempt flag, as it was placed, decides: not the account's today.
  const rates = await productGstRates(tx, {
    merchantId: order.merchantId,
    productIds: [product.id],
    isTaxExempt: order.isTaxExempt,
  });
  const line: OrderLineRow = {
    id: crypto.randomUUID(),
    merchantId: order.merchantId,
    orderId: order.id,
    productId: product.id,
    position: context.position,
    name: product.name,
    sku: product.sku,
    unitName: product.unitName,
    unitAbbreviation: product.unitAbbreviation,
    quantity: context.quantity,
    unitPriceCents: resolveUnitPrice({
      basePriceCents: product.basePriceCents,
      tierPriceCents: product.tierPriceCents,
    }),
    gstRateBasisPoints: rates.get(product.id)!,
    subtotalCents: 0,
    gstCents: 0,
    createdAt: context.now,
    updatedAt: context.now,
  };
  await insertOrderLine(tx, line);
  return line;
}

const lineFacts = (line: OrderLineRow) => ({ product_id: line.productId, name: line.name, sku: line.sku });

export function createOrderLinesService(deps: Pick<AppDeps, 'database' | 'now' | 'jobs'>) {
  const editor = createOrderEditor(deps);

  return {
    /** Adds the product, or sets the quantity of its line (which keeps its snapshot price). */
    setLine(options: {
      merchantId: string;
      orderId: string;
      productId: string;
      userId: string;
      version: number;
      quantity: number;
    }) {
      return editor.edit({ ...options, editableFor: LINES }, async (context) => {
        const { tx, order, now } = context;
        const lines = await listOrderLineRows(tx, order);
        const existing = lines.find((line) => line.productId === options.productId);
        if (existing?.quantity === options.quantity) return { values: {}, events: [] };
        let event;
        if (existing) {
          await updateOrderLine(tx, { line: existing, values: { quantity: options.quantity }, now });
          event = {
            kind: 'LINE_CHANGED' as const,
            details: { ...lineFacts(existing), quantity: { from: existing.quantity, to: options.quantity } },
          };
          existing.quantity = options.quantity;
        } else {
          if (lines.length >= MAX_CART_LINES)
            throw conflict(`An order holds at most ${MAX_CART_LINES} lines.`);
          const position = Math.max(0, ...lines.map((line) => line.position)) + 1;
          const line = await newLine(tx, {
            ...context,
            productId: options.productId,
            quantity: options.quantity,
            position,
          });
          lines.push(line);
          event = {
            kind: 'LINE_ADDED' as const,
            details: { ...lineFacts(line), quantity: line.quantity, unit_price_cents: line.unitPriceCents },
          };
        }
        const totals = await repriceOrder(tx, {
          order,
          lines,
          deliveryFeeCents: order.deliveryFeeCents,
          now,
        });
        return {
          values: totals,
          events: [
            {
              ...event,
              details: { ...event.details, total_cents: { from: order.totalCents, to: totals.totalCents } },
            },
          ],
        };
      });
    },

    /** Takes a line off; the last one stays (an order with no lines is a cancelled order). */
    removeLine(options: {
      merchantId: string;
      orderId: string;
      productId: string;
      userId: string;
      version: number;
    }) {
      return editor.edit({ ...options, editableFor: LINES }, async ({ tx, order, now }) => {
        const lines = await listOrderLineRows(tx, order);
        const line = lines.find((candidate) => candidate.productId === options.productId);
        if (!line) throw notFound('Order line');
        if (lines.length === 1) throw conflict('This is the order’s only line: cancel the order instead.');
        await deleteOrderLine(tx, line);
        const rest = lines.filter((candidate) => candidate !== line);
        const totals = await repriceOrder(tx, {
          order,
          lines: rest,
          deliveryFeeCents: order.deliveryFeeCents,
          now,
        });
        return {
          values: totals,
          events: [
            {
              kind: 'LINE_REMOVED',
              details: {
                ...lineFacts(line),
                quantity: line.quantity,
                total_cents: { from: order.totalCents, to: totals.totalCents },
              },
            },
          ],
        };
      });
    },

    /** The merchant's own delivery fee for this order, ex GST, in place of the method's. */
    setDeliveryFee(options: {
      merchantId: string;
      orderId: string;
      userId: string;
      version: number;
      deliveryFeeCents: number;
    }) {
      return editor.edit({ ...options, editableFor: 'The delivery fee' }, async ({ tx, order, now }) => {
        if (order.deliveryFeeCents === options.deliveryFeeCents) return { values: {}, events: [] };
        const lines = await listOrderLineRows(tx, order);
        const totals = await repriceOrder(tx, {
          order,
          lines,
          deliveryFeeCents: options.deliveryFeeCents,
          now,
        });
        return {
          values: totals,
          events: [
            {
              kind: 'DELIVERY_FEE_CHANGED',
              details: {
                from: order.deliveryFeeCents,
                to: options.deliveryFeeCents,
                total_cents: { from: order.totalCents, to: totals.totalCents },
              },
            },
          ],
        };
      });
    },
  };
}
