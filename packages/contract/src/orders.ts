import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ORDER_PAYMENT_STATUSES, OrderPaymentStatus, OrderStatus, ReportDatePreset } from './enums.ts';
import { RecordId } from './ids.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';
import { MIN_SEARCH_CHARS, optionalText, SearchText } from './text.ts';
import { MAX_LINE_QUANTITY, ORDER_NOTES_MAX, PURCHASE_ORDER_NUMBER_MAX } from './cart.ts';

// Orders: placed from a cart (customer or merchant order entry), then run by the merchant through
// the state machine of order-status.ts. Lines keep a snapshot of what was charged. `{id}` of an
// `orders/organisation/{id}` path is the merchant (its orders) or a customer organisation (its own).

const tags = ['orders'];

/** A calendar day as orders use them: years 1900–2999, which the database and day arithmetic hold. */
export const OrderDate = z.iso.date().refine((date) => date >= '1900-01-01' && date <= '2999-12-31', {
  message: 'Choose a date between 1900 and 2999',
});

export const OrderParams = z.object({ id: RecordId('order') });
export const OrderLineParams = OrderParams.extend({ pid: RecordId('product') });

export const OrderCustomer = z.object({
  organisation_id: z.uuid(),
  /**
   * The customer's account with the order's merchant (a customer's `id` in the merchant's
   * customers): what payments, credits and payment links name the customer by.
   */
  account_id: z.uuid(),
  name: z.string(),
});

export const OrderSummary = z.object({
  id: z.uuid(),
  number: z.number().int(),
  invoice_number: z.number().int(),
  status: OrderStatus,
  merchant: z.object({ id: z.uuid(), title: z.string() }),
  customer: OrderCustomer,
  placed_at: z.iso.datetime({ offset: true }),
  delivery_date: z.iso.date().nullable(),
  shipping_method_name: z.string().nullable(),
  purchase_order_number: z.string().nullable(),
  is_placed_by_merchant: z.boolean(),
  line_count: z.number().int(),
  total_cents: z.number().int(),
  /** Derived from its payments (payment-rules.ts' orderPaymentStatus); NOT_TRACKED when the customer's payments are not tracked. */
  payment_status: OrderPaymentStatus,
  paid_cents: z.number().int(),
  /** total − paid, never below zero; 0 for a cancelled order. */
  outstanding_cents: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderLine = z.object({
  product_id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  unit_name: z.string().nullable(),
  unit_abbreviation: z.string().nullable(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  gst_rate_basis_points: z.number().int(),
  subtotal_cents: z.number().int(),
  gst_cents: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const ORDER_EVENT_KINDS = [
  'PLACED',
  'STATUS_CHANGED',
  'LINE_ADDED',
  'LINE_CHANGED',
  'LINE_REMOVED',
  'DETAILS_CHANGED',
  'DELIVERY_FEE_CHANGED',
] as const;

export const OrderEvent = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  at: z.iso.datetime({ offset: true }),
  user_name: z.string().nullable(),
  /** Before and after of what changed, e.g. `{from: 'PROCESSING', to: 'SHIPPED'}`. */
  details: z.record(z.string(), z.unknown()),
});

export const Order = OrderSummary.extend({
  customer_abn: z.string().nullable(),
  delivery_address: z.string().nullable(),
  shipping_method_id: z.uuid().nullable(),
  shipping_method_kind: z.enum(['DELIVERY', 'PICK_UP']).nullable(),
  notes: z.string().nullable(),
  placed_by_name: z.string().nullable(),
  payment_terms_days: z.number().int(),
  due_date: z.iso.date(),
  gst_rounding: z.enum(['PER_LINE', 'PER_INVOICE']),
  is_tax_exempt: z.boolean(),
  subtotal_cents: z.number().int(),
  delivery_fee_cents: z.number().int(),
  gst_cents: z.number().int(),
  lines: z.array(OrderLine),
  history: z.array(OrderEvent),
  version: z.number().int(),
  /** What the caller may do now (merchant members on an open order); the server checks again. */
  can_edit: z.boolean(),
  allowed_statuses: z.array(OrderStatus),
});
export type Order = z.infer<typeof Order>;

// ——— Lists ———

export const ORDER_LIST_MAX_STATUSES = 5;

export const OrderListQuery = PageQuery.extend({
  /** Comma-separated statuses, e.g. `PROCESSING,ON_HOLD`. */
  status: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(OrderStatus).max(ORDER_LIST_MAX_STATUSES))
    .optional(),
  /** Comma-separated payment statuses, e.g. `UNPAID,PARTIALLY_PAID`. */
  payment_status: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(OrderPaymentStatus).max(ORDER_PAYMENT_STATUSES.length))
    .optional(),
  /** Merchant lists: one customer's orders. */
  customer_organisation_id: RecordId('customer organisation').optional(),
  /** Customer lists: the orders with one merchant. */
  merchant_id: RecordId('merchant').optional(),
  delivery_from: OrderDate.optional(),
  delivery_to: OrderDate.optional(),
  /** Placed within a preset period, in the merchant's time zone (SPEC §3), or between dates. */
  placed: ReportDatePreset.optional(),
  placed_from: OrderDate.optional(),
  placed_to: OrderDate.optional(),
});

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/orders/organisation/{id}',
  summary: 'Orders, newest first: a merchant’s, or a customer organisation’s own',
  description:
    'Keyset-paged by (placed_at, id) descending; filters combine. `payment_status` is derived from the order’s payments (NOT_TRACKED: customers whose payments are not tracked). `{id}` is a merchant (all its orders) or a customer organisation (its own, with any merchant). Delivery and placed dates are inclusive days; a `placed` preset is taken in the merchant’s time zone (a customer’s list without `merchant_id`: its own zone), weeks starting Monday.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: OrderListQuery,
  response: Page(OrderSummary),
});

/** An order number ("123" or "#123") matches exactly; other words need MIN_SEARCH_CHARS. */
export const ORDER_NUMBER_SEARCH = /^#?\s*(\d{1,9})$/;

export const OrderSearchQuery = OrderListQuery.extend({
  q: SearchText.refine(
    (value) => value === undefined || ORDER_NUMBER_SEARCH.test(value) || value.length >= MIN_SEARCH_CHARS,
    { message: `Search needs at least ${MIN_SEARCH_CHARS} characters, or an order number` },
  ),
});

export const searchOrders = defineEndpoint({
  method: 'GET',
  path: '/orders/organisation/{id}/search',
  summary: 'Search orders by number, customer, product (name or SKU) or purchase-order number',
  description:
    'Digits (or "#" and digits) find that order number exactly, and also anything else containing them; other text matches anywhere in the customer’s name, a line’s product name or SKU, or the purchase-order number. Takes the list’s filters; newest first.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: OrderSearchQuery,
  response: Page(OrderSummary),
});

// ——— One order ———

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/orders/{id}',
  summary: 'One order with its lines and history (its merchant’s members, or its customer’s)',
  tags,
  auth: 'user',
  params: OrderParams,
  response: Order,
});

export const UpdateOrderInput = z.object({
  version: z.number().int(),
  status: OrderStatus.optional(),
  notes: optionalText(ORDER_NOTES_MAX).optional(),
  purchase_order_number: optionalText(PURCHASE_ORDER_NUMBER_MAX).optional(),
  delivery_date: OrderDate.nullable().optional(),
  shipping_method_id: RecordId('shipping method').nullable().optional(),
});

export const updateOrder = defineEndpoint({
  method: 'PATCH',
  path: '/orders/{id}',
  summary: 'Change an order’s status (cancel included), notes, purchase-order number or delivery',
  description:
    'Merchant members. Statuses move PROCESSING → SHIPPED → COMPLETED, PROCESSING ↔ ON_HOLD, and PROCESSING or ON_HOLD → CANCELLED; any other move is 409 STATUS_TRANSITION_NOT_ALLOWED. Moving to SHIPPED, COMPLETED or CANCELLED records when. Delivery date and method change only while PROCESSING or ON_HOLD; notes and the purchase-order number until the order is COMPLETED or CANCELLED (409 ORDER_NOT_EDITABLE otherwise). Changing the method keeps the delivery fee (set it with `delivery-fee`). A value sent unchanged is not a change. Every change is kept in the history. Carries `version`; stale → 409 CONFLICT. A member of the customer gets 403.',
  tags,
  auth: 'user',
  params: OrderParams,
  body: UpdateOrderInput,
  response: Order,
});

export const SetOrderLineInput = z.object({
  version: z.number().int(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

export const setOrderLine = defineEndpoint({
  method: 'PUT',
  path: '/orders/{id}/product/{pid}',
  summary: 'Add a product to an open order or change its quantity (merchant members)',
  description:
    'A new line is any active product of the merchant (404 otherwise), priced at the customer’s price today (tier, else base) with its GST rate from the merchant’s tax rules, and snapshotted; an existing line keeps its snapshot price. Minimums and pack sizes are the portal’s rules, not the merchant’s. Totals are recomputed with each line’s stored price and rate. Only while PROCESSING or ON_HOLD (409 ORDER_NOT_EDITABLE). Carries `version` (stale → 409 CONFLICT).',
  tags,
  auth: 'user',
  params: OrderLineParams,
  body: SetOrderLineInput,
  response: Order,
});

export const VersionQuery = z.object({ version: z.coerce.number().int() });

export const removeOrderLine = defineEndpoint({
  method: 'DELETE',
  path: '/orders/{id}/product/{pid}',
  summary:
    'Take a line off an open order (merchant members); the last line cannot be removed — cancel instead',
  description:
    'Only while PROCESSING or ON_HOLD (409 ORDER_NOT_EDITABLE); the last line answers 409 CONFLICT. `version` in the query (stale → 409 CONFLICT).',
  tags,
  auth: 'user',
  params: OrderLineParams,
  query: VersionQuery,
  response: Order,
});

export const SetDeliveryFeeInput = z.object({
  version: z.number().int(),
  delivery_fee_cents: z.number().int().min(0).max(100_000_00),
});

export const setOrderDeliveryFee = defineEndpoint({
  method: 'PUT',
  path: '/orders/{id}/delivery-fee',
  summary: 'Override an open order’s delivery fee, ex GST (merchant members)',
  description:
    'GST on the fee as on the order (none for a tax-exempt customer); totals recomputed. Only while PROCESSING or ON_HOLD (409 ORDER_NOT_EDITABLE). Carries `version` (stale → 409 CONFLICT).',
  tags,
  auth: 'user',
  params: OrderParams,
  body: SetDeliveryFeeInput,
  response: Order,
});

export const MAX_BULK_ORDERS = 500;

/** `{id}` is the merchant whose orders move; a customer organisation's members get 403. */
export const BulkStatusParams = OrganisationParams.extend({ status: OrderStatus });

export const BulkStatusInput = z.object({
  order_ids: z.array(RecordId('order')).min(1, 'Choose at least one order').max(MAX_BULK_ORDERS),
});

export const BulkStatusResult = z.object({
  moved: z.array(z.object({ id: z.uuid(), number: z.number().int(), status: OrderStatus })),
  /** Orders that could not move, each with why (its status does not allow it, not found…). */
  refused: z.array(z.object({ id: z.uuid(), number: z.number().int().nullable(), reason: z.string() })),
});
export type BulkStatusResult = z.infer<typeof BulkStatusResult>;

export const bulkUpdateOrderStatus = defineEndpoint({
  method: 'POST',
  path: '/orders/organisation/{id}/bulk-update/status/{status}',
  summary:
    'Move many of the merchant’s orders to one status; answers which moved and which could not, and why',
  description:
    'Up to 500 ids. Every order the state machine lets move moves, in one transaction, each with its history; the others (another merchant’s or unknown ids read “Order not found”) are answered with the reason and left as they were.',
  tags,
  auth: 'user',
  params: BulkStatusParams,
  body: BulkStatusInput,
  response: BulkStatusResult,
});
