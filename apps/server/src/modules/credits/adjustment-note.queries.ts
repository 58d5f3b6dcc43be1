import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { creditLines, credits, orderLines, orders } from '../../platform/db/schema/index.ts';

// What an adjustment note reads and writes beside the ledger: the order's lines as charged, and
// what earlier notes already credited of them.

/**
 * An order of the merchant with its lines, locked until the transaction ends: two notes for the
 * same order are written one after the other, each seeing what the other credited.
 */
export async function lockOrderForAdjustment(tx: Db, options: { merchantId: string; orderId: string }) {
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      customerAccountId: orders.customerAccountId,
      gstRounding: orders.gstRounding,
    })
    .from(orders)
    .where(and(eq(orders.id, options.orderId), eq(orders.merchantId, options.merchantId)))
    .for('update');
  if (!order) return undefined;
  const lines = await tx
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      sku: orderLines.sku,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      gstRateBasisPoints: orderLines.gstRateBasisPoints,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.merchantId, options.merchantId)));
  return { ...order, lines };
}

/**
 * How many of each product earlier adjustment notes (not voided) credited of an order. Found
 * within the order's customer, whose credits credits_customer_created_idx lists.
 */
export async function creditedQuantities(
  tx: Db,
  order: { id: string; customerAccountId: string },
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ productId: creditLines.productId, quantity: sql<string>`sum(${creditLines.quantity})` })
    .from(creditLines)
    .innerJoin(
      credits,
      and(eq(credits.id, creditLines.creditId), eq(credits.merchantId, creditLines.merchantId)),
    )
    .where(
      and(
        eq(credits.customerAccountId, order.customerAccountId),
        eq(credits.orderId, order.id),
        eq(credits.source, 'ORDER_ADJUSTMENT'),
        isNull(credits.voidedAt),
      ),
    )
    .groupBy(creditLines.productId);
  return new Map(rows.flatMap((row) => (row.productId ? [[row.productId, Number(row.quantity)]] : [])));
}

export async function insertCreditLines(tx: Db, lines: (typeof creditLines.$inferInsert)[]) {
  if (lines.length > 0) await tx.insert(creditLines).values(lines);
}
