import { and, asc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { isoInstant } from '../../platform/db/iso-instant.ts';
import { preparedForAny } from '../../platform/db/prepared-once.ts';
import { instantKey } from '../../platform/db/keyset-cursor.ts';
import {
  customerAccounts,
  orderEvents,
  orderLines,
  orders,
  organisations,
  users,
} from '../../platform/db/schema/index.ts';

// Reading orders: the summary columns every list shows, and one order whole (lines and history).

/**
 * Whose orders a read may see: a merchant's, or a customer organisation's own with any merchant
 * (optionally one). Every read of orders names one.
 */
export type OrderScope =
  | { kind: 'MERCHANT'; merchantId: string }
  | { kind: 'CUSTOMER'; customerOrganisationId: string; merchantId?: string };

/** A scope with placeholders for its ids, in a statement built once. */
type PlaceholderScope =
  | { kind: 'MERCHANT'; merchantId: Placeholder }
  | { kind: 'CUSTOMER'; customerOrganisationId: Placeholder; merchantId?: Placeholder };

/** The accounts of a customer organisation (with one merchant), as a query of their ids. */
export function customerAccountsOf(
  db: Db,
  options: { customerOrganisationId: string | Placeholder; merchantId?: string | Placeholder },
) {
  return db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.customerOrganisationId, options.customerOrganisationId),
        options.merchantId ? eq(customerAccounts.merchantId, options.merchantId) : undefined,
      ),
    );
}

/** The condition limiting `orders` to a scope, on the columns its indexes lead with. */
export function inScope(db: Db, scope: OrderScope | PlaceholderScope): SQL {
  if (scope.kind === 'MERCHANT') return eq(orders.merchantId, scope.merchantId);
  return inArray(orders.customerAccountId, customerAccountsOf(db, scope));
}

const merchant = alias(organisations, 'order_merchant');
const placedBy = alias(users, 'order_placed_by');

/** The columns of an order summary (OrderSummary), and of the whole order beside them. */
export const summaryColumns = {
  order: orders,
  customerOrganisationId: customerAccounts.customerOrganisationId,
  merchantTitle: merchant.title,
  /** Whether the merchant tracks this customer's payments (else its orders are NOT_TRACKED). */
  isPaymentsTracked: customerAccounts.isPaymentsEnabled,
  placedByName: placedBy.name,
  /** placed_at in whole microseconds since 1970, as text: a keyset cursor's exact key. */
  placedKey: instantKey(orders.placedAt),
  // Correlated, per row of a page: order_lines_order_position_idx answers it from the index.
  lineCount: sql<number>`(select count(*)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
};

/**
 * What a list shows of an order (OrderSummary), and no more: a page of 50 read every column of
 * orders and turned eight instants per row into Dates, of which it shows one (placed_at, here
 * written as ISO text by the database).
 */
const listColumns = {
  order: {
    id: orders.id,
    merchantId: orders.merchantId,
    customerAccountId: orders.customerAccountId,
    number: orders.number,
    invoiceNumber: orders.invoiceNumber,
    status: orders.status,
    customerName: orders.customerName,
    placedAt: isoInstant(orders.placedAt),
    deliveryDate: orders.deliveryDate,
    shippingMethodName: orders.shippingMethodName,
    purchaseOrderNumber: orders.purchaseOrderNumber,
    isPlacedByMerchant: orders.isPlacedByMerchant,
    totalCents: orders.totalCents,
    paidCents: orders.paidCents,
  },
  customerOrganisationId: summaryColumns.customerOrganisationId,
  merchantTitle: summaryColumns.merchantTitle,
  isPaymentsTracked: summaryColumns.isPaymentsTracked,
  placedKey: summaryColumns.placedKey,
  lineCount: summaryColumns.lineCount,
};

/** Orders as a list shows them, with their customer organisation and merchant title. */
export function selectOrderListRows(db: Db) {
  return db
    .select(listColumns)
    .from(orders)
    .innerJoin(
      customerAccounts,
      and(
        eq(customerAccounts.id, orders.customerAccountId),
        eq(customerAccounts.merchantId, orders.merchantId),
      ),
    )
    .innerJoin(merchant, eq(merchant.id, orders.merchantId))
    .$dynamic();
}

export type OrderListRow = Awaited<ReturnType<typeof selectOrderListRows>>[number];

/** Orders with their customer organisation, merchant title and who placed them. */
export function selectOrderSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(orders)
    .innerJoin(
      customerAccounts,
      and(
        eq(customerAccounts.id, orders.customerAccountId),
        eq(customerAccounts.merchantId, orders.merchantId),
      ),
    )
    .innerJoin(merchant, eq(merchant.id, orders.merchantId))
    .leftJoin(placedBy, eq(placedBy.id, orders.placedByUserId))
    .$dynamic();
}

export type OrderSummaryRow = Awaited<ReturnType<typeof selectOrderSummaries>>[number];

/** One order in a scope, with its lines by position and its history oldest first. */
export async function findOrderInScope(db: Db, options: { scope: OrderScope; id: string }) {
  // Built once per kind of scope: placing answers with this after every order, and building its
  // three statements each time cost more CPU than running them.
  const { scope } = options;
  const shape: PlaceholderScope =
    scope.kind === 'MERCHANT'
      ? { kind: 'MERCHANT', merchantId: sql.placeholder('merchantId') }
      : {
          kind: 'CUSTOMER',
          customerOrganisationId: sql.placeholder('customerOrganisationId'),
          merchantId: scope.merchantId ? sql.placeholder('merchantId') : undefined,
        };
  const summary = preparedForAny(
    db,
    `order_in_scope_${scope.kind === 'MERCHANT' ? 'merchant' : scope.merchantId ? 'customer_of_merchant' : 'customer'}`,
    (db, name) =>
      selectOrderSummaries(db)
        .where(and(eq(orders.id, sql.placeholder('id')), inScope(db, shape)))
        .prepare(name),
  );
  const [row] = await summary.execute({
    id: options.id,
    merchantId: scope.merchantId,
    customerOrganisationId: scope.kind === 'CUSTOMER' ? scope.customerOrganisationId : undefined,
  });
  if (!row) return undefined;
  const ofOrder = { orderId: row.order.id, merchantId: row.order.merchantId };
  const [lines, history] = await Promise.all([
    preparedForAny(db, 'order_lines_of_order', (db, name) =>
      db
        .select()
        .from(orderLines)
        .where(
          and(
            eq(orderLines.orderId, sql.placeholder('orderId')),
            eq(orderLines.merchantId, sql.placeholder('merchantId')),
          ),
        )
        .orderBy(asc(orderLines.position), asc(orderLines.id))
        .prepare(name),
    ).execute(ofOrder),
    preparedForAny(db, 'order_events_of_order', (db, name) =>
      db
        .select()
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.orderId, sql.placeholder('orderId')),
            eq(orderEvents.merchantId, sql.placeholder('merchantId')),
          ),
        )
        .orderBy(asc(orderEvents.at), asc(orderEvents.id))
        .prepare(name),
    ).execute(ofOrder),
  ]);
  return { ...row, lines, history };
}

export type OrderRecord = NonNullable<Awaited<ReturnType<typeof findOrderInScope>>>;
