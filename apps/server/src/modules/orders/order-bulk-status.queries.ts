import type { OrderStatus } from '@tradeport/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { orderEvents, orders } from '../../platform/db/schema/index.ts';

// Moving many of a merchant's orders to one status in one transaction.

/**
 * The merchant's orders among `ids`, locked in id order: two bulk moves over overlapping
 * selections take their locks in the same order, so one waits for the other instead of both
 * waiting for each other.
 */
export async function lockOrdersById(tx: Db, options: { merchantId: string; ids: readonly string[] }) {
  return tx
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.merchantId, options.merchantId), inArray(orders.id, [...options.ids])))
    .orderBy(asc(orders.id))
    .for('update');
}

/** Moves locked orders to `to`, stamping when, bumping each version, and writes each one's history. */
export async function moveOrders(
  tx: Db,
  options: {
    merchantId: string;
    moves: { id: string; from: OrderStatus }[];
    to: OrderStatus;
    stamps: Partial<Pick<typeof orders.$inferInsert, 'shippedAt' | 'completedAt' | 'cancelledAt'>>;
    user: { id: string; name: string | null };
    now: Date;
  },
) {
  if (options.moves.length === 0) return;
  const ids = options.moves.map((move) => move.id);
  await tx
    .update(orders)
    .set({
      status: options.to,
      ...options.stamps,
      version: sql`${orders.version} + 1`,
      updatedAt: options.now,
    })
    .where(and(eq(orders.merchantId, options.merchantId), inArray(orders.id, ids)));
  await tx.insert(orderEvents).values(
    options.moves.map((move) => ({
      merchantId: options.merchantId,
      orderId: move.id,
      kind: 'STATUS_CHANGED' as const,
      userId: options.user.id,
      userName: options.user.name,
      details: { from: move.from, to: options.to },
      at: options.now,
    })),
  );
}
