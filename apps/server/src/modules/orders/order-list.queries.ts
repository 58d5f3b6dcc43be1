import type { OrderStatus } from '@tradeport/contract';
import { and, desc, eq, gte, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../../platform/db/keyset-cursor.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { preparedOnce } from '../../platform/db/prepared-once.ts';
import { customerAccounts, orderLines, orders, organisations } from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  inScope,
  type OrderScope,
  selectOrderSummaries,
  type OrderSummaryRow,
} from './order-rows.queries.ts';

// The order list and search: newest first, keyset on (placed_at, id) descending, as
// orders_merchant_placed_idx and orders_customer_placed_idx order them (read backwards).

export type OrderFilters = {
  statuses?: OrderStatus[];
  /** A merchant's list: one customer organisation's orders. */
  customerOrganisationId?: string;
  /** Delivery dates, both days included. */
  deliveryFrom?: string;
  deliveryTo?: string;
  /** Placed on days [from, to) of `timeZone` (the merchant's). */
  placed?: { from?: string; to?: string; timeZone: string };
};

/** What a search looks for: an order number, and text anywhere in a name, SKU or PO number. */
export type OrderSearch = { number?: number; pattern?: string };

// placed_at travels in a cursor as whole microseconds since 1970 (summaryColumns.placedKey):
// exact, and checked as digits before it goes back into SQL (a bad cursor is a 400, never a
// failed cast).
const fromMicros = (text: string | Placeholder) =>
  sql`('epoch'::timestamptz + (${text}::text || ' microseconds')::interval)`;

/** The start of a day of a time zone, as an instant. */
const startOfDay = (date: string, timeZone: string) =>
  sql`(${date}::date::timestamp at time zone ${timeZone})`;

function filterConditions(db: Db, scope: OrderScope, filters: OrderFilters): (SQL | undefined)[] {
  const { placed } = filters;
  return [
    filters.statuses?.length ? inArray(orders.status, filters.statuses) : undefined,
    filters.customerOrganisationId && scope.kind === 'MERCHANT'
      ? eq(
          orders.customerAccountId,
          db
            .select({ id: customerAccounts.id })
            .from(customerAccounts)
            .where(
              and(
                eq(customerAccounts.merchantId, scope.merchantId),
                eq(customerAccounts.customerOrganisationId, filters.customerOrganisationId),
              ),
            ),
        )
      : undefined,
    filters.deliveryFrom ? gte(orders.deliveryDate, filters.deliveryFrom) : undefined,
    filters.deliveryTo ? lte(orders.deliveryDate, filters.deliveryTo) : undefined,
    placed?.from ? sql`${orders.placedAt} >= ${startOfDay(placed.from, placed.timeZone)}` : undefined,
    placed?.to ? sql`${orders.placedAt} < ${startOfDay(placed.to, placed.timeZone)}` : undefined,
  ];
}

const lineText = sql`(lower(${orderLines.name}) || ' ' || lower(${orderLines.sku}))`;

/**
 * The orders a search matches. Within a merchant, each way of matching is its own index lookup
 * (the number's unique key; the trigram indexes of migration 0011 on the customer's name, the PO
 * number and the lines' name and SKU, each led by merchant_id), united; a customer's own orders
 * are few, so they are simply tested one by one.
 */
function searchCondition(db: Db, scope: OrderScope, search: OrderSearch): SQL {
  const { number, pattern } = search;
  if (scope.kind === 'MERCHANT') {
    const ofMerchant = eq(orders.merchantId, scope.merchantId);
    const matches: SQL[] = [];
    if (number !== undefined)
      matches.push(
        sql`select ${orders.id} from ${orders} where ${ofMerchant} and ${orders.number} = ${number}`,
      );
    if (pattern !== undefined) {
      matches.push(
        sql`select ${orders.id} from ${orders} where ${ofMerchant} and lower(${orders.customerName}) like ${pattern}`,
        sql`select ${orders.id} from ${orders} where ${ofMerchant} and lower(${orders.purchaseOrderNumber}) like ${pattern}`,
        sql`select ${orderLines.orderId} from ${orderLines} where ${eq(orderLines.merchantId, scope.merchantId)} and ${lineText} like ${pattern}`,
      );
    }
    return sql`${orders.id} in (${sql.join(matches, sql` union `)})`;
  }
  const tests: SQL[] = [];
  if (number !== undefined) tests.push(sql`${orders.number} = ${number}`);
  if (pattern !== undefined) {
    tests.push(
      sql`lower(${orders.customerName}) like ${pattern}`,
      sql`lower(${orders.purchaseOrderNumber}) like ${pattern}`,
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.merchantId} = ${orders.merchantId} and ${lineText} like ${pattern})`,
    );
  }
  return sql`(${sql.join(tests, sql` or `)})`;
}

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

const badCursor = () =>
  new AppError('VALIDATION_ERROR', 'The page cursor is not valid; start from the first page.', [
    { path: 'querystring.cursor', message: 'Not a valid cursor' },
  ]);

const afterKey = (key: { placed: string | Placeholder; id: string | Placeholder }) =>
  sql`(${orders.placedAt}, ${orders.id}) < (${fromMicros(key.placed)}, ${key.id}::uuid)`;

const hasFilters = (filters: OrderFilters) =>
  Boolean(
    filters.statuses?.length ||
    filters.customerOrganisationId ||
    filters.deliveryFrom ||
    filters.deliveryTo ||
    filters.placed?.from ||
    filters.placed?.to,
  );

/**
 * The merchant's list with nothing but the keyset (the page asked for most), as the general
 * statement writes it, prepared once per page size rather than built on every request.
 */
function plainMerchantPage(db: Db, options: { limit: number; isAfterCursor: boolean }) {
  const name = `orders_page_${options.isAfterCursor ? 'after_' : ''}${options.limit}`;
  return preparedOnce(db, name, (statementName) =>
    selectOrderSummaries(db)
      .where(
        and(
          eq(orders.merchantId, sql.placeholder('merchantId')),
          options.isAfterCursor
            ? afterKey({ placed: sql.placeholder('afterPlaced'), id: sql.placeholder('afterId') })
            : undefined,
        ),
      )
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(literalLimit(options.limit))
      .prepare(statementName),
  );
}

/** One page of orders, newest first, after the cursor's (placed_at, id). */
export async function listOrderRows(
  db: Db,
  options: {
    scope: OrderScope;
    filters: OrderFilters;
    search?: OrderSearch;
    limit: number;
    cursor?: string;
  },
): Promise<{ rows: OrderSummaryRow[]; nextCursor: string | null }> {
  const { scope } = options;
  let after: { placed: string; id: string } | undefined;
  if (options.cursor) {
    after = decodeCursor(options.cursor, { placed: 'text', id: 'uuid' });
    if (!/^-?\d{1,18}$/.test(after.placed)) throw badCursor();
  }
  const limit = options.limit + 1;
  const rows: OrderSummaryRow[] =
    scope.kind === 'MERCHANT' && !options.search && !hasFilters(options.filters)
      ? await plainMerchantPage(db, { limit, isAfterCursor: after !== undefined }).execute({
          merchantId: scope.merchantId,
          afterPlaced: after?.placed,
          afterId: after?.id,
        })
      : await selectOrderSummaries(db)
          .where(
            and(
              inScope(db, scope),
              ...filterConditions(db, scope, options.filters),
              options.search ? searchCondition(db, scope, options.search) : undefined,
              after ? afterKey(after) : undefined,
            ),
          )
          .orderBy(desc(orders.placedAt), desc(orders.id))
          .limit(literalLimit(limit));
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last ? encodeCursor({ placed: last.placedKey, id: last.order.id }) : null;
  return { rows: page, nextCursor };
}

/** An organisation's time zone (a merchant's day, for a customer's list of its orders there). */
export async function findTimeZone(db: Db, organisationId: string) {
  const [row] = await db
    .select({ timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.timeZone;
}
