import { z } from 'zod';
import { Cart, CartQuery } from './cart.ts';
import { defineEndpoint } from './endpoint.ts';
import { MerchantParams } from './organisations.ts';
import { Order, OrderParams } from './orders.ts';

// Between the cart and the orders: placing a cart as an order, and putting a past order back in a
// cart. Its own file so that cart.ts and orders.ts never import each other.

const tags = ['orders'];

export const PlaceOrderInput = z.object({
  /** The total the person saw; when today’s prices give another, 409 and nothing is placed. */
  expected_total_cents: z.number().int().optional(),
});

export const placeOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/cart/organisation/{id}',
  summary: 'Place the cart as an order (needs an Idempotency-Key header)',
  description:
    'Re-checks visibility, prices, minimums, pack sizes and delivery rules; 422 CART_NOT_PLACEABLE with the reasons when the cart breaks one. The same Idempotency-Key always answers with the same order (201 the first time, 200 after), and concurrent submits with one key create one order. Without a requested delivery date, the order gets the method’s earliest. The cart is emptied (lines and details) in the same transaction. A merchant member places its order-entry cart on the customer’s behalf (recorded as such).',
  tags,
  auth: 'user',
  params: MerchantParams,
  query: CartQuery,
  body: PlaceOrderInput,
  status: 201,
  replayStatus: 200,
  response: Order,
});

export const ReorderResult = z.object({
  cart: Cart,
  /** Lines of the past order not added, and why (no longer available, …). */
  skipped: z.array(z.object({ name: z.string(), sku: z.string(), reason: z.string() })),
});
export type ReorderResult = z.infer<typeof ReorderResult>;

export const reorder = defineEndpoint({
  method: 'POST',
  path: '/orders/{id}/reorder',
  summary: 'Order again: put a past order’s lines in the cart at today’s prices',
  description:
    'Adds each line the customer can still order (quantities raised to the product’s minimum and pack size where they changed) to the caller’s cart for that customer, and names the lines it could not add.',
  tags,
  auth: 'user',
  params: OrderParams,
  response: ReorderResult,
});
