import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { orderLines, orders } from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import type { OrderScope } from './order-rows.queries.ts';

// Order search. A merchant's search first walks its orders newest first, testing each (a common
// word, a fifth of a million orders, fills a page within a few hundred); when the walk ends before
// the page is full, the matches come from the indexes instead (a rare word, an order or PO number:
// a few rows from each index, however old). Either way the same orders, in the same order.

/** What a search looks for: an order number, and text anywhere in a name, SKU or PO number. */
export type OrderSearch = { number?: number; pattern?: string };

/** A search term as what it looks for: digits are also an order number; text needs 2+ characters. */
export function toOrderSearch(
  term: string,
  options: { numberPattern: RegExp; minChars: number },
): OrderSearch {
  const digits = options.numberPattern.exec(term)?.[1];
  const text = (digits ?? term).toLowerCase();
  return {
    number: digits === undefined ? undefined : Number(digits),
    pattern: text.length >= options.minChars ? containsPattern(text) : undefined,
  };
}

const lineText = sql`(lower(${orderLines.name}) || ' ' || lower(${orderLines.sku}))`;

/** Whether the order of the current row matches, tested on the row (cheapest tests first). */
export function matchesOrderRow(search: OrderSearch): SQL {
  const { number, pattern } = search;
  const tests: SQL[] = [];
  if (number !== undefined) tests.push(sql`${orders.number} = ${number}`);
  if (pattern !== undefined) {
    tests.push(
      sql`lower(${orders.customerName}) like ${pattern}`,
      sql`lower(${orders.purchaseOrderNumber}) like ${pattern}`,
      // The order's few lines, by order_lines_order_position_idx. OFFSET 0 keeps it a test per
      // row: hashed instead, it would first read every matching line (a common word: a million).
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.merchantId} = ${orders.merchantId} and ${lineText} like ${pattern} offset 0)`,
    );
  }
  return sql`(${sql.join(tests, sql` or `)})`;
}

/**
 * The orders a search matches, from the indexes. Within a merchant, each way of matching is its
 * own index lookup (the number's unique key; the trigram indexes on the customer's name, the PO
 * number and the lines' name and SKU, each led by merchant_id), united; a customer's own orders
 * are few, so they are simply tested one by one.
 */
export function searchCondition(scope: OrderScope, search: OrderSearch): SQL {
  const { number, pattern } = search;
  if (scope.kind !== 'MERCHANT') return matchesOrderRow(search);
  const ofMerchant = eq(orders.merchantId, scope.merchantId);
  const matches: SQL[] = [];
  if (number !== undefined)
    matches.push(sql`select ${orders.id} from ${orders} where ${ofMerchant} and ${orders.number} = ${number}`);
  if (pattern !== undefined) {
    matches.push(
      sql`select ${orders.id} from ${orders} where ${ofMerchant} and lower(${orders.customerName}) like ${pattern}`,
      sql`select ${orders.id} from ${orders} where ${ofMerchant} and lower(${orders.purchaseOrderNumber}) like ${pattern}`,
      sql`select ${orderLines.orderId} from ${orderLines} where ${eq(orderLines.merchantId, scope.merchantId)} and ${lineText} like ${pattern}`,
    );
  }
  return sql`${orders.id} in (${sql.join(matches, sql` union `)})`;
}

/** Orders a merchant's search walks, newest first, before it turns to the indexes instead. */
export const WALKED_ORDERS = 1_000;

/**
 * The ids of up to `limit` matching orders, newest first, from a walk of the merchant's next
 * WALKED_ORDERS orders (orders_merchant_placed_idx read backwards, each row tested beside it);
 * undefined when the walk reached its last row before finding `limit`: older orders may match,
 * and the indexes find them faster than a longer walk would.
 */
export async function walkOrderMatches(
  db: Db,
  options: { merchantId: string; conditions: (SQL | undefined)[]; search: OrderSearch; limit: number },
): Promise<string[] | undefined> {
  const walk = db
    .select({
      id: orders.id,
      placedAt: orders.placedAt,
      isMatch: sql<boolean>`${matchesOrderRow(options.search)}`.as('is_match'),
      position: sql<number>`row_number() over (order by ${orders.placedAt} desc, ${orders.id} desc)`.as(
        'position',
      ),
    })
    .from(orders)
    .where(and(eq(orders.merchantId, options.merchantId), ...options.conditions))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(literalLimit(WALKED_ORDERS))
    .as('walk');
  // The matches in the walk's order, and its last row (whether it matches or not) as a sign that
  // it was cut short. Ordered as the walk is, so no sort waits for the whole walk.
  const rows = await db
    .select({ id: walk.id, isMatch: walk.isMatch, position: walk.position })
    .from(walk)
    .where(sql`${walk.isMatch} or ${walk.position} = ${WALKED_ORDERS}`)
    .orderBy(desc(walk.placedAt), desc(walk.id))
    .limit(literalLimit(options.limit));
  const matches = rows.filter((row) => row.isMatch).map((row) => row.id);
  if (matches.length >= options.limit) return matches;
  return rows.some((row) => Number(row.position) === WALKED_ORDERS) ? undefined : matches;
}
