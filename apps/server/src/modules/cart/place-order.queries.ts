import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { preparedForAny } from '../../platform/db/prepared-once.ts';
import { orderCounters, orderEvents, orderLines, orders, users } from '../../platform/db/schema/index.ts';

// The writes of placing an order, each in the placing transaction.

/** The order an Idempotency-Key already placed for this customer account, if any. */
export async function findOrderIdByKey(db: Db, options: { customerAccountId: string; key: string }) {
  const statement = preparedForAny(db, 'place_order_id_by_key', (db, name) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.customerAccountId, sql.placeholder('customerAccountId')),
          eq(orders.idempotencyKey, sql.placeholder('key')),
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute(options);
  return row?.id;
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'number' | 'invoiceNumber'> & {
  idempotencyKey: string;
};

/**
 * Numbers the order with the merchant's next order and invoice numbers and inserts it, unless its
 * Idempotency-Key was used for this account by a transaction that committed meanwhile (which it
 * waits for): undefined then, and the caller answers with that one (its rollback takes the
 * numbers back). One statement: the first order makes the counter row, later ones update it, and
 * its row lock queues concurrent placings of the merchant behind each other until they commit,
 * so numbers run without gaps; the order is written in the same round trip as the numbers it
 * takes, so the lock is held for no more than this statement and the commit.
 */
export async function insertNumberedOrder(db: Db, order: NewOrder): Promise<string | undefined> {
  const numbers = db.$with('numbers').as(
    db
      .insert(orderCounters)
      .values({ merchantId: order.merchantId, lastOrderNumber: 1, lastInvoiceNumber: 1 })
      .onConflictDoUpdate({
        target: orderCounters.merchantId,
        set: {
          lastOrderNumber: sql`${orderCounters.lastOrderNumber} + 1`,
          lastInvoiceNumber: sql`${orderCounters.lastInvoiceNumber} + 1`,
        },
      })
      .returning({ number: orderCounters.lastOrderNumber, invoiceNumber: orderCounters.lastInvoiceNumber }),
  );
  const [row] = await db
    .with(numbers)
    .insert(orders)
    .values({
      ...order,
      number: sql`(select ${numbers.number} from ${numbers})`,
      invoiceNumber: sql`(select ${numbers.invoiceNumber} from ${numbers})`,
    })
    .onConflictDoNothing({
      target: [orders.customerAccountId, orders.idempotencyKey],
      where: sql`${orders.idempotencyKey} is not null`,
    })
    .returning({ id: orders.id });
  return row?.id;
}

/**
 * The order's lines and its first event, in one statement (the lines as a data-modifying WITH),
 * with the name its user goes by now read in it too: placing writes these inside its
 * transaction, where every round trip counts.
 */
export async function insertOrderLinesAndEvent(
  db: Db,
  options: {
    lines: (typeof orderLines.$inferInsert)[];
    event: Omit<typeof orderEvents.$inferInsert, 'userName'> & { userId: string };
  },
) {
  const { event } = options;
  const named = {
    ...event,
    userName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${event.userId})`,
  };
  if (options.lines.length === 0) {
    await db.insert(orderEvents).values(named);
    return;
  }
  const lines = db
    .$with('inserted_lines')
    .as(db.insert(orderLines).values(options.lines).returning({ id: orderLines.id }));
  await db.with(lines).insert(orderEvents).values(named);
}
