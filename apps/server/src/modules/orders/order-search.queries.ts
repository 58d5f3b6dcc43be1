import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { orderLines, orders } from '../../platform/db/schema/index.ts';
import { customPlanned, literalLimit } from '../../platform/db/statement-caching-client.ts';
import type { OrderScope } from './order-rows.queries.ts';

// Order search. Within a merchant each way of matching (the order number, the customer's name,
// the PO number, a line's name or SKU) finds its own newest `limit` matches after the cursor, and
// the page is the newest `limit` of those. Each on its own, PostgreSQL picks how: a common word
// (a customer name on 4 % of a million orders) walks orders_merchant_placed_idx backwards and
// stops at the page's last match; a rare one (a PO or order number) asks the trigram index for its
// few rows and sorts them. Asked of all the ways at once, it could only do one or the other.

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
      // The order's few lines, by order_lines_order_position_idx.
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.merchantId} = ${orders.merchantId} and ${lineText} like ${pattern})`,
    );
  }
  return sql`(${sql.join(tests, sql` or `)})`;
}

/**
 * The orders a search matches, as a condition on `orders`. A customer organisation's own orders
 * are few, so they are simply tested one by one; a merchant's come from one search per way of
 * matching, each after the cursor and within the filters (`conditions`), newest `limit` first.
 */
export function searchCondition(
  db: Db,
  options: { scope: OrderScope; search: OrderSearch; conditions: (SQL | undefined)[]; limit: number },
): SQL {
  const { scope, search } = options;
  if (scope.kind !== 'MERCHANT') return matchesOrderRow(search);
  const { number, pattern } = search;
  const newestMatching = (match: SQL) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.merchantId, scope.merchantId), ...options.conditions, match))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(literalLimit(options.limit));
  const ways: SQL[] = [];
  if (number !== undefined) ways.push(sql`${orders.number} = ${number}`);
  if (pattern !== undefined) {
    ways.push(
      sql`lower(${orders.customerName}) like ${pattern}`,
      sql`lower(${orders.purchaseOrderNumber}) like ${pattern}`,
      sql`${orders.id} in (select ${orderLines.orderId} from ${orderLines} where ${eq(orderLines.merchantId, scope.merchantId)} and ${lineText} like ${pattern})`,
    );
  }
  const matches = ways.map((match) => sql`(${newestMatching(match)})`);
  return customPlanned(
    sql`${orders.id} in (select id from (${sql.join(matches, sql` union all `)}) as matches)`,
  );
}
