import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { RecordId } from './ids.ts';
import { MerchantParams } from './organisations.ts';
import { optionalText } from './text.ts';

// The cart: one per customer account and side (the customer's users share one; the merchant's
// members share another for orders they enter for that customer). Priced from the catalogue
// whenever it is read, by computeOrderTotals (order-totals.ts), which the screens also use.
// Placing it re-checks everything and creates an order (orders.ts).

const tags = ['cart'];

/** Most lines one cart holds: a wholesale order is long, but bounded. */
export const MAX_CART_LINES = 200;
export const MAX_LINE_QUANTITY = 100_000;
export const ORDER_NOTES_MAX = 1_000;
export const PURCHASE_ORDER_NUMBER_MAX = 50;

/** Header that makes placing an order safe to retry: the same key answers with the same order. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** A client's key: 8–200 characters (a UUID is typical). */
export const IdempotencyKey = z.string().trim().min(8).max(200);

/** The customer whose cart it is; `{id}` in the path is the merchant. */
export const CartQuery = z.object({ customer_organisation_id: RecordId('customer organisation') });

/** Why a line cannot be ordered as it stands. */
export const CART_LINE_PROBLEMS = ['NOT_AVAILABLE', 'BELOW_MINIMUM', 'NOT_PACK_MULTIPLE'] as const;
export const CartLineProblem = z.enum(CART_LINE_PROBLEMS);
export type CartLineProblem = z.infer<typeof CartLineProblem>;

export const CartLine = z.object({
  product_id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  image: z.string().nullable(),
  unit_of_measure: z.object({ name: z.string(), abbreviation: z.string() }).nullable(),
  quantity: z.number().int(),
  /** Today's price for this customer, ex GST (price rule: tier, else base). */
  unit_price_cents: z.number().int(),
  base_price_cents: z.number().int(),
  is_tier_price: z.boolean(),
  gst_rate_basis_points: z.number().int(),
  min_order_quantity: z.number().int(),
  pack_size: z.number().int(),
  subtotal_cents: z.number().int(),
  gst_cents: z.number().int(),
  /** Null when the line can be ordered; else why not (a hidden or archived product is NOT_AVAILABLE and left out of the totals). */
  problem: CartLineProblem.nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

/** A delivery method as this cart could use it. */
export const CartDeliveryOption = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(['DELIVERY', 'PICK_UP']),
  /** The fee for this cart's subtotal, ex GST (0 when free). */
  fee_cents: z.number().int(),
  minimum_order_cents: z.number().int().nullable(),
  /** The next dates it delivers on, from the earliest (after cut-off, the next delivery day). */
  dates: z.array(z.iso.date()),
  /** Null when the cart can use it; else why not, in words (e.g. below its minimum). */
  problem: z.string().nullable(),
});
export type CartDeliveryOption = z.infer<typeof CartDeliveryOption>;

export const CartTotals = z.object({
  subtotal_cents: z.number().int(),
  delivery_fee_cents: z.number().int(),
  delivery_gst_cents: z.number().int(),
  gst_cents: z.number().int(),
  total_cents: z.number().int(),
});

/** Why a cart cannot be placed as it stands; each problem says it in words too. */
export const CART_PROBLEM_CODES = [
  'CART_EMPTY',
  'PRODUCT_NOT_AVAILABLE',
  'BELOW_MINIMUM',
  'NOT_PACK_MULTIPLE',
  'NO_DELIVERY_METHODS_OFFERED',
  'NO_DELIVERY_METHOD',
  'DELIVERY_METHOD_NOT_OFFERED',
  'BELOW_METHOD_MINIMUM',
  'DELIVERY_DATE_NOT_AVAILABLE',
] as const;
export const CartProblemCode = z.enum(CART_PROBLEM_CODES);
export type CartProblemCode = z.infer<typeof CartProblemCode>;

export const CartProblem = z.object({
  code: CartProblemCode,
  message: z.string(),
  /** The line it is about, for a line's problem. */
  product_id: z.uuid().nullable(),
});
export type CartProblem = z.infer<typeof CartProblem>;

/** How many of a delivery method's next dates a cart offers (and a requested date must be one). */
export const CART_DELIVERY_DATES = 14;

export const Cart = z.object({
  merchant_id: z.uuid(),
  customer_organisation_id: z.uuid(),
  customer_name: z.string(),
  /** The merchant's own cart for this customer (order entry), not the customer's. */
  is_merchant_entry: z.boolean(),
  version: z.number().int(),
  lines: z.array(CartLine),
  shipping_method_id: z.uuid().nullable(),
  requested_delivery_date: z.iso.date().nullable(),
  notes: z.string().nullable(),
  purchase_order_number: z.string().nullable(),
  delivery_options: z.array(CartDeliveryOption),
  gst_rounding: z.enum(['PER_LINE', 'PER_INVOICE']),
  delivery_gst_rate_basis_points: z.number().int(),
  totals: CartTotals,
  /** Empty when the cart can be placed; else every reason it cannot. */
  problems: z.array(CartProblem),
});
export type Cart = z.infer<typeof Cart>;

export const getCart = defineEndpoint({
  method: 'GET',
  path: '/orders/cart/organisation/{id}',
  summary: 'The cart of a customer with merchant `{id}`, priced for that customer today',
  description:
    'A member of the customer organisation reads the customer’s cart; a member of the merchant reads the merchant’s order-entry cart for that customer. Created empty on first read.',
  tags,
  auth: 'user',
  params: MerchantParams,
  query: CartQuery,
  response: Cart,
});

export const CartDetailsInput = z.object({
  version: z.number().int(),
  shipping_method_id: RecordId('shipping method').nullable(),
  requested_delivery_date: z.iso.date().nullable(),
  notes: optionalText(ORDER_NOTES_MAX),
  purchase_order_number: optionalText(PURCHASE_ORDER_NUMBER_MAX),
});

export const updateCart = defineEndpoint({
  method: 'PUT',
  path: '/orders/cart/organisation/{id}',
  summary: 'Set the cart’s delivery method, requested date, notes and purchase-order number',
  description: 'Carries the cart’s `version`; a stale one answers 409.',
  tags,
  auth: 'user',
  params: MerchantParams,
  query: CartQuery,
  body: CartDetailsInput,
  response: Cart,
});

export const clearCart = defineEndpoint({
  method: 'DELETE',
  path: '/orders/cart/organisation/{id}',
  summary: 'Empty the cart',
  tags,
  auth: 'user',
  params: MerchantParams,
  query: CartQuery,
  response: Cart,
});

export const CartProductParams = z.object({ id: RecordId('product') });
export const CartProductQuery = CartQuery.extend({ merchant_id: RecordId('merchant') });

export const SetCartLineInput = z.object({
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

export const setCartLine = defineEndpoint({
  method: 'PUT',
  path: '/orders/cart/product/{id}',
  summary: 'Put a product in the cart at a quantity (adds it, or changes its quantity)',
  description:
    'The product must be one the customer can see; otherwise 404, exactly as one that does not exist. The quantity must meet the product’s minimum and be a multiple of its pack size (400 otherwise).',
  tags,
  auth: 'user',
  params: CartProductParams,
  query: CartProductQuery,
  body: SetCartLineInput,
  response: Cart,
});

export const removeCartLine = defineEndpoint({
  method: 'DELETE',
  path: '/orders/cart/product/{id}',
  summary: 'Take a product out of the cart',
  tags,
  auth: 'user',
  params: CartProductParams,
  query: CartProductQuery,
  response: Cart,
});
