import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { orderCounters, orderEvents, orderLines, orders } from '../../platform/db/schema/index.ts';

// The writes of placing an order, each in the placing transaction.

/** The order an Idempotency-Key already placed for this customer account, if any. */
export async function findOrderIdByKey(db: Db, options: { customerAccountId: string; key: string }) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.customerAccountId, options.customerAccountId), eq(orders.idempotencyKey, options.key)),
    );
  return row?.id;
}

/**
 * The merchant's next order and invoice numbers. One statement: the first order makes the row;
 * later ones update it, and its row lock queues concurrent placings of the merchant behind each
 * other until they commit, so numbers run without gaps.
 */
export async function takeOrderNumbers(db: Db, merchantId: string) {
  const [row] = await db
    .insert(orderCounters)
    .values({ merchantId, lastOrderNumber: 1, lastInvoiceNumber: 1 })
    .onConflictDoUpdate({
      target: orderCounters.merchantId,
      set: {
        lastOrderNumber: sql`${orderCounters.lastOrderNumber} + 1`,
        lastInvoiceNumber: sql`${orderCounters.lastInvoiceNumber} + 1`,
      },
    })
    .returning({ number: orderCounters.lastOrderNumber, invoiceNumber: orderCounters.lastInvoiceNumber });
  return row!;
}

export type NewOrder = typeof orders.$inferInsert & { idempotencyKey: string };

/**
 * Inserts the order unless its Idempotency-Key was used for this account by a transaction that
 * committed meanwhile (which it waits for): undefined then, and the caller answers with that one.
 */
export async function insertOrder(db: Db, order: NewOrder): Promise<string | undefined> {
  const [row] = await db
    .insert(orders)
    .values(order)
    .onConflictDoNothing({
      target: [orders.customerAccountId, orders.idempotencyKey],
      where: sql`${orders.idempotencyKey} is not null`,
    })
    .returning({ id: orders.id });
  return row?.id;
}

export async function insertOrderLines(db: Db, lines: (typeof orderLines.$inferInsert)[]) {
  if (lines.length > 0) await db.insert(orderLines).values(lines);
}

export async function insertOrderEvent(db: Db, event: typeof orderEvents.$inferInsert) {
  await db.insert(orderEvents).values(event);
}
