import type { OrderStatus } from '@tradeport/contract';
import { and, desc, eq, gte, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../../platform/db/keyset-cursor.ts';
import { preparedOnce } from '../../platform/db/prepared-once.ts';
import { customerAccounts, orders, organisations } from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  inScope,
  type OrderScope,
  selectOrderSummaries,
  type OrderSummaryRow,
} from './order-rows.queries.ts';
import { type OrderSearch, searchCondition } from './order-search.queries.ts';

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

/** A page with filters or a search (order-search.queries.ts). */
async function selectRows(
  db: Db,
  options: {
    scope: OrderScope;
    filters: OrderFilters;
    search?: OrderSearch;
    limit: number;
    after?: { placed: string; id: string };
  },
): Promise<OrderSummaryRow[]> {
  const { scope, search, after, limit } = options;
  const conditions = [...filterConditions(db, scope, options.filters), after ? afterKey(after) : undefined];
  return selectOrderSummaries(db)
    .where(
      and(
        inScope(db, scope),
        ...conditions,
        search ? searchCondition(db, { scope, search, conditions, limit }) : undefined,
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(literalLimit(limit));
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
      : await selectRows(db, { ...options, after, limit });
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
