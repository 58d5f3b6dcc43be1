import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { cartLines, customerAccounts, orderLines, orders } from '../../platform/db/schema/index.ts';

/** Whose order it is (its merchant and customer organisation), or undefined when there is none. */
export async function findOrderParties(db: Db, orderId: string) {
  const [row] = await db
    .select({
      merchantId: orders.merchantId,
      customerOrganisationId: customerAccounts.customerOrganisationId,
    })
    .from(orders)
    .innerJoin(customerAccounts, eq(customerAccounts.id, orders.customerAccountId))
    .where(eq(orders.id, orderId));
  return row;
}

/** The order's lines as they were placed, in order. */
export function listOrderedLines(db: Db, orderId: string) {
  return db
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      sku: orderLines.sku,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

/** The quantity of each product already in a cart. */
export async function cartQuantities(db: Db, cartId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return new Map(rows.map((row) => [row.productId, row.quantity]));
}
