import { ORDER_STATUSES } from '@tradeport/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { gstRounding } from './enums.ts';
import { merchantId, merchantIdOfChild, merchantKey, merchantReference } from './merchant-columns.ts';
import { customerAccounts, organisations } from './organisations.ts';
import { products } from './products.ts';
import { shippingMethodKind, shippingMethods } from './shipping.ts';
import { users } from './users.ts';

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

/**
 * Each merchant's last order and invoice numbers. Placing an order takes the next of each with
 * one UPDATE … RETURNING on this row, which also queues concurrent placings of one merchant
 * behind each other, so numbers are sequential without gaps from rolled-back transactions.
 */
export const orderCounters = pgTable('order_counters', {
  merchantId: uuid()
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  lastOrderNumber: integer().notNull().default(0),
  lastInvoiceNumber: integer().notNull().default(0),
});

/**
 * An order placed by (or for) a customer account. Everything a tax invoice shows is copied here
 * when it is placed — the customer's name and ABN, the delivery address, the method, the terms,
 * the rounding — so that later edits to the customer, catalogue or settings never change a past
 * document. Money is integer cents; subtotal and delivery fee are ex GST.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    customerAccountId: uuid().notNull(),
    number: integer().notNull(),
    invoiceNumber: integer().notNull(),
    status: orderStatus().notNull().default('PROCESSING'),
    /** The Idempotency-Key it was placed with: the same key answers with this order again. */
    idempotencyKey: text(),
    placedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Placed by a merchant member on the customer's behalf (order entry, walk-in sales). */
    isPlacedByMerchant: boolean().notNull().default(false),
    customerName: text().notNull(),
    customerAbn: text(),
    deliveryAddress: text(),
    shippingMethodId: uuid(),
    shippingMethodName: text(),
    shippingMethodKind: shippingMethodKind(),
    deliveryDate: date({ mode: 'string' }),
    notes: text(),
    purchaseOrderNumber: text(),
    paymentTermsDays: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    gstRounding: gstRounding().notNull(),
    isTaxExempt: boolean().notNull().default(false),
    subtotalCents: bigint({ mode: 'number' }).notNull(),
    deliveryFeeCents: bigint({ mode: 'number' }).notNull(),
    gstCents: bigint({ mode: 'number' }).notNull(),
    totalCents: bigint({ mode: 'number' }).notNull(),
    placedAt: instant().notNull().defaultNow(),
    shippedAt: instant(),
    completedAt: instant(),
    cancelledAt: instant(),
    /**
     * When the confirmation and new-order mails were queued: the job that queues them runs at
     * least once, and this makes a second run a no-op.
     */
    confirmationQueuedAt: instant(),
    /**
     * What its payments' allocations pay of it (issue 11): a cache of Σ allocations of counted
     * payments, refreshed by the payments ledger in the transaction that moves them. Payment
     * status (Unpaid, Partially Paid, Paid) is derived from it and total_cents, never stored.
     */
    paidCents: bigint({ mode: 'number' }).notNull().default(0),
    /** When the last overdue reminder went out (at most one a week per order). */
    overdueRemindedAt: instant(),
    /** Optimistic-concurrency counter: an edit names the version it read; a stale one gets 409. */
    version: integer().notNull().default(1),
    /**
     * What order search matches, lower-cased: the customer's name, the PO number and each line's
     * name and SKU, a line apart. Written by the database alone (trigger orders_search_text,
     * migration 0019) whenever an order is inserted or its version moves, as every edit of its
     * lines moves it; never set by the application.
     */
    searchText: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    unique('orders_merchant_number_key').on(t.merchantId, t.number),
    unique('orders_merchant_invoice_number_key').on(t.merchantId, t.invoiceNumber),
    uniqueIndex('orders_customer_idempotency_key')
      .on(t.customerAccountId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // Keyset orders of the lists: newest first within a merchant, a status, a customer.
    index('orders_merchant_placed_idx').on(t.merchantId, t.placedAt, t.id),
    index('orders_merchant_status_placed_idx').on(t.merchantId, t.status, t.placedAt, t.id),
    index('orders_customer_placed_idx').on(t.customerAccountId, t.placedAt, t.id),
    // The status beside the day: the merchant home counts today's open deliveries from it alone.
    index('orders_merchant_delivery_idx').on(t.merchantId, t.deliveryDate, t.status, t.id),
    // Reports (modules/reports): sales by customer over a period, an index-only scan with the
    // amounts as trailing keys (drizzle cannot write INCLUDE); delivery to tax-exempt customers
    // (GST-free), a handful of orders, in an index of their own.
    index('orders_merchant_sales_idx').on(
      t.merchantId,
      t.placedAt,
      t.status,
      t.customerAccountId,
      t.subtotalCents,
      t.deliveryFeeCents,
      t.gstCents,
      t.totalCents,
    ),
    index('orders_merchant_exempt_delivery_idx')
      .on(t.merchantId, t.placedAt, t.deliveryFeeCents)
      .where(sql`${t.isTaxExempt} and ${t.deliveryFeeCents} > 0 and ${t.status} <> 'CANCELLED'`),
    // Receivables: what is still owed, by due date, within a merchant and within a customer.
    // The amounts ride along as trailing keys (drizzle cannot write INCLUDE): the overview's
    // outstanding and aging totals are then an index-only scan (285 ms → 30 ms at 50,000 owed).
    index('orders_merchant_outstanding_idx')
      .on(t.merchantId, t.dueDate, t.id, t.customerAccountId, t.totalCents, t.paidCents)
      .where(sql`${t.paidCents} < ${t.totalCents} and ${t.status} <> 'CANCELLED'`),
    index('orders_customer_outstanding_idx')
      .on(t.customerAccountId, t.dueDate, t.id)
      .where(sql`${t.paidCents} < ${t.totalCents} and ${t.status} <> 'CANCELLED'`),
    // Search (order-search.queries.ts): one trigram index over what an order is searched by, so a
    // rare term is a few index entries and a common one a short walk of the newest orders.
    index('orders_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // A number searched for is matched whole against the numbers in the text (migration 0021's
    // order_search_numbers): as trigrams, `900000` is `900` and `000`, which thousands of PO
    // numbers and SKUs hold apart, every one read again to be refused.
    index('orders_search_numbers_idx').using('gin', sql`order_search_numbers(${t.searchText})`),
    merchantKey('orders', t),
    merchantReference({
      name: 'orders_customer_account_fk',
      columns: [t.merchantId, t.customerAccountId],
      parent: customerAccounts,
      onDelete: 'restrict',
    }),
    merchantReference({
      name: 'orders_shipping_method_fk',
      columns: [t.merchantId, t.shippingMethodId],
      parent: shippingMethods,
      onDelete: 'set null',
    }),
  ],
);

/**
 * One product on an order, with what the customer was charged for it: name, SKU, unit, unit
 * price (ex GST) and GST rate as they were when it was added, never read from the catalogue again.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantIdOfChild(),
    orderId: uuid().notNull(),
    productId: uuid().notNull(),
    position: integer().notNull(),
    name: text().notNull(),
    sku: text().notNull(),
    unitName: text(),
    unitAbbreviation: text(),
    quantity: integer().notNull(),
    unitPriceCents: bigint({ mode: 'number' }).notNull(),
    gstRateBasisPoints: integer().notNull(),
    subtotalCents: bigint({ mode: 'number' }).notNull(),
    gstCents: bigint({ mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    unique('order_lines_order_product_key').on(t.orderId, t.productId),
    index('order_lines_order_position_idx').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
    merchantReference({
      name: 'order_lines_order_fk',
      columns: [t.merchantId, t.orderId],
      parent: orders,
      onDelete: 'cascade',
    }),
    // Restrict: a product on an order is in use and can be archived, not deleted.
    merchantReference({
      name: 'order_lines_product_fk',
      columns: [t.merchantId, t.productId],
      parent: products,
      onDelete: 'restrict',
    }),
  ],
);

export const orderEventKind = pgEnum('order_event_kind', [
  'PLACED',
  'STATUS_CHANGED',
  'LINE_ADDED',
  'LINE_CHANGED',
  'LINE_REMOVED',
  'DETAILS_CHANGED',
  'DELIVERY_FEE_CHANGED',
]);

/** The order's history: who changed what, when. `details` holds the before and after. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantIdOfChild(),
    orderId: uuid().notNull(),
    kind: orderEventKind().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Who it was, as they were named then (the user may later be renamed or removed). */
    userName: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    at: instant().notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.at),
    merchantReference({
      name: 'order_events_order_fk',
      columns: [t.merchantId, t.orderId],
      parent: orders,
      onDelete: 'cascade',
    }),
  ],
);

/**
 * One cart per customer account (a customer organisation with one merchant) and side: the
 * customer's users share one; the merchant's members share another for orders they enter on that
 * customer's behalf, so a sales rep never places the café's half-finished cart. Prices are not
 * stored: a cart is priced from the catalogue whenever it is read.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    customerAccountId: uuid().notNull(),
    isMerchantEntry: boolean().notNull().default(false),
    shippingMethodId: uuid(),
    requestedDeliveryDate: date({ mode: 'string' }),
    notes: text(),
    purchaseOrderNumber: text(),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('carts_customer_account_side_key').on(t.customerAccountId, t.isMerchantEntry),
    merchantKey('carts', t),
    merchantReference({
      name: 'carts_customer_account_fk',
      columns: [t.merchantId, t.customerAccountId],
      parent: customerAccounts,
      onDelete: 'cascade',
    }),
    merchantReference({
      name: 'carts_shipping_method_fk',
      columns: [t.merchantId, t.shippingMethodId],
      parent: shippingMethods,
      onDelete: 'set null',
    }),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    merchantId: merchantId(),
    cartId: uuid().notNull(),
    productId: uuid().notNull(),
    quantity: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    index('cart_lines_product_idx').on(t.productId),
    merchantReference({
      name: 'cart_lines_cart_fk',
      columns: [t.merchantId, t.cartId],
      parent: carts,
      onDelete: 'cascade',
    }),
    merchantReference({
      name: 'cart_lines_product_fk',
      columns: [t.merchantId, t.productId],
      parent: products,
      onDelete: 'cascade',
    }),
  ],
);

/** Who did what that an operator or a merchant may need to find later (customer view in and out). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid().references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    at: instant().notNull().defaultNow(),
  },
  (t) => [index('audit_events_organisation_idx').on(t.organisationId, t.at)],
);
