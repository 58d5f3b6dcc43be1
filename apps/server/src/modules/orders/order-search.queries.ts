import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { orders } from '../../platform/db/schema/index.ts';
import { customPlanned } from '../../platform/db/statement-caching-client.ts';
import type { OrderScope } from './order-rows.queries.ts';

// Order search: an order number, or text anywhere in the customer's name, the PO number or a
// line's name or SKU, all of which an order keeps in one column (orders.search_text).

/**
 * What a search looks for: a number (an order number, or a number in a PO number or SKU, whole),
 * or text anywhere in a name, SKU or PO number.
 */
export type OrderSearch = { number?: number; digits?: string; pattern?: string };

/**
 * A search term as what it looks for: digits (`123`, `#123`) are a number, looked for in the text
 * too from 2 digits; other text needs 2+ characters.
 */
export function toOrderSearch(
  term: string,
  options: { numberPattern: RegExp; minChars: number },
): OrderSearch {
  const digits = options.numberPattern.exec(term)?.[1];
  if (digits !== undefined) {
    return { number: Number(digits), digits: digits.length >= options.minChars ? digits : undefined };
  }
  const text = term.toLowerCase();
  return { pattern: text.length >= options.minChars ? containsPattern(text) : undefined };
}

/**
 * Whether an order matches: its number, or the digits as a whole number in its search_text (its
 * PO number's, its SKUs': migration 0021's index), or the text anywhere in its search_text (the
 * customer's name, the PO number, each line's name and SKU; migration 0019's).
 */
export function matchesOrder(search: OrderSearch): SQL {
  const { number, digits, pattern } = search;
  const tests: SQL[] = [];
  if (number !== undefined) tests.push(sql`${orders.number} = ${number}`);
  if (digits !== undefined) {
    tests.push(sql`order_search_numbers(${orders.searchText}) @> array[${digits}]::text[]`);
  }
  if (pattern !== undefined) tests.push(sql`${orders.searchText} like ${pattern}`);
  return sql`(${sql.join(tests, sql` or `)})`;
}

/**
 * The orders a search matches, as a condition on `orders`. A customer organisation's own orders
 * are few and simply tested one by one. A merchant's search is planned for its values
 * (customPlanned): PostgreSQL then walks orders_merchant_placed_idx newest first and stops at the
 * page for a common term (a customer name on 4 % of a million orders: about 1,300 rows), and asks
 * orders_search_idx (and the number's unique key) for a rare one's few rows and sorts them. A
 * generic plan would have to pick one of the two for every term.
 */
export function searchCondition(scope: OrderScope, search: OrderSearch): SQL {
  return scope.kind === 'MERCHANT' ? customPlanned(matchesOrder(search)) : matchesOrder(search);
}
