import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  customerAccounts,
  orderEvents,
  orderLines,
  orders,
  products,
  shippingMethods,
  tierPrices,
  unitsOfMeasure,
  users,
} from '../../platform/db/schema/index.ts';

// Changing a placed order. Every write runs in the caller's transaction, after lockOrder.

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventInput = Pick<
  typeof orderEvents.$inferInsert,
  'kind' | 'details' | 'userId' | 'userName'
>;

/**
 * The merchant's order, locked until the transaction ends: concurrent edits of one order queue
 * behind each other, so each sees the version the one before it wrote.
 */
export async function lockOrder(tx: Db, options: { merchantId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, options.id), eq(orders.merchantId, options.merchantId)))
    .for('update');
  return row;
}

/** Sets columns of a locked order and bumps its version. */
export async function updateOrder(
  tx: Db,
  options: { order: OrderRow; values: Partial<typeof orders.$inferInsert>; now: Date },
) {
  await tx
    .update(orders)
    .set({ ...options.values, version: sql`${orders.version} + 1`, updatedAt: options.now })
    .where(and(eq(orders.id, options.order.id), eq(orders.merchantId, options.order.merchantId)));
}

export async function insertOrderEvents(
  tx: Db,
  options: { order: Pick<OrderRow, 'id' | 'merchantId'>; events: OrderEventInput[]; now: Date },
) {
  if (options.events.length === 0) return;
  await tx.insert(orderEvents).values(
    // One change's events (a status and details at once) share its instant; a microsecond apart,
    // the history reads them in the order they were written rather than by their random ids.
    options.events.map((event, index) => ({
      ...event,
      merchantId: options.order.merchantId,
      orderId: options.order.id,
      at: sql`${options.now.toISOString()}::timestamptz + ${index} * interval '1 microsecond'`,
    })),
  );
}

export async function listOrderLineRows(tx: Db, order: Pick<OrderRow, 'id' | 'merchantId'>) {
  return tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.merchantId, order.merchantId)))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

export async function insertOrderLine(tx: Db, line: typeof orderLines.$inferInsert) {
  await tx.insert(orderLines).values(line);
}

/** A line's quantity and/or its totals, by id within the merchant. */
export async function updateOrderLine(
  tx: Db,
  options: {
    line: Pick<OrderLineRow, 'id' | 'merchantId'>;
    values: Partial<Pick<OrderLineRow, 'quantity' | 'subtotalCents' | 'gstCents'>>;
    now: Date;
  },
) {
  await tx
    .update(orderLines)
    .set({ ...options.values, updatedAt: options.now })
    .where(and(eq(orderLines.id, options.line.id), eq(orderLines.merchantId, options.line.merchantId)));
}

export async function deleteOrderLine(tx: Db, line: Pick<OrderLineRow, 'id' | 'merchantId'>) {
  await tx
    .delete(orderLines)
    .where(and(eq(orderLines.id, line.id), eq(orderLines.merchantId, line.merchantId)));
}

/** The name a person is shown by in an order's history, as it is today. */
export async function findUserName(db: Db, userId: string) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** An active delivery method of the merchant, as an order snapshots it. */
export async function findActiveShippingMethod(db: Db, options: { merchantId: string; id: string }) {
  const [row] = await db
    .select({ id: shippingMethods.id, name: shippingMethods.name, kind: shippingMethods.kind })
    .from(shippingMethods)
    .where(
      and(
        eq(shippingMethods.id, options.id),
        eq(shippingMethods.merchantId, options.merchantId),
        eq(shippingMethods.isActive, true),
      ),
    );
  return row;
}

/**
 * An active product of the merchant with what a new order line snapshots of it, and the price of
 * the customer account's tier for it (null when the account has no tier or the tier no price).
 */
export async function findProductForLine(
  db: Db,
  options: { merchantId: string; customerAccountId: string; productId: string },
) {
  const accountTierId = sql`(
    select ${customerAccounts.pricingTierId} from ${customerAccounts}
    where ${customerAccounts.id} = ${options.customerAccountId} and ${customerAccounts.merchantId} = ${options.merchantId}
  )`;
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      basePriceCents: products.basePriceCents,
      tierPriceCents: tierPrices.priceCents,
      unitName: unitsOfMeasure.name,
      unitAbbreviation: unitsOfMeasure.abbreviation,
    })
    .from(products)
    .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, products.unitOfMeasureId))
    .leftJoin(tierPrices, and(eq(tierPrices.tierId, accountTierId), eq(tierPrices.productId, products.id)))
    .where(
      and(
        eq(products.id, options.productId),
        eq(products.merchantId, options.merchantId),
        isNull(products.archivedAt),
      ),
    );
  return row;
}
