import type { OrderPaymentStatus, OrderStatus } from '@tradeport/contract';
import { and, desc, eq, gte, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { decodeCursor, encodeCursor, fromInstantKey } from '../../platform/db/keyset-cursor.ts';
import { preparedOnce } from '../../platform/db/prepared-once.ts';
import { customerAccounts, orders, organisations } from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import {
  customerAccountsOf,
  inScope,
  type OrderListRow,
  type OrderScope,
  selectOrderListRows,
} from './order-rows.queries.ts';
import { type OrderSearch, searchCondition } from './order-search.queries.ts';
import { startOfDayIn } from '../../platform/db/zone-days.ts';

// The order list and search: newest first, keyset on (placed_at, id) descending, as
// orders_merchant_placed_idx and orders_customer_placed_idx order them (read backwards).

export type OrderFilters = {
  statuses?: OrderStatus[];
  /** Derived payment statuses (payment-rules.ts' orderPaymentStatus). */
  paymentStatuses?: OrderPaymentStatus[];
  /** A merchant's list: one customer organisation's orders. */
  customerOrganisationId?: string;
  /** Delivery dates, both days included. */
  deliveryFrom?: string;
  deliveryTo?: string;
  /** Placed on days [from, to) of `timeZone` (the merchant's). */
  placed?: { from?: string; to?: string; timeZone: string };
};

/**
 * An order's payment status in SQL, for the list's filter: the contract's orderPaymentStatus (one
 * rule, stated again here so the database can filter by it; order-list tests hold the two
 * together). Whether payments are tracked is the customer account's, looked up by its key.
 */
const paymentStatusOf = sql`case
  when not (select ${customerAccounts.isPaymentsEnabled} from ${customerAccounts} where ${customerAccounts.id} = ${orders.customerAccountId}) then 'NOT_TRACKED'
  when ${orders.paidCents} >= ${orders.totalCents} then 'PAID'
  when ${orders.paidCents} <= 0 then 'UNPAID'
  else 'PARTIALLY_PAID' end`;

function filterConditions(db: Db, scope: OrderScope, filters: OrderFilters): (SQL | undefined)[] {
  const { placed } = filters;
  return [
    filters.statuses?.length ? inArray(orders.status, filters.statuses) : undefined,
    filters.paymentStatuses?.length
      ? sql`${paymentStatusOf} in (${sql.join(
          filters.paymentStatuses.map((status) => sql`${status}`),
          sql`, `,
        )})`
      : undefined,
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
    placed?.from ? sql`${orders.placedAt} >= ${startOfDayIn(placed.from, placed.timeZone)}` : undefined,
    placed?.to ? sql`${orders.placedAt} < ${startOfDayIn(placed.to, placed.timeZone)}` : undefined,
  ];
}

const afterKey = (key: { placed: string | Placeholder; id: string | Placeholder }) =>
  sql`(${orders.placedAt}, ${orders.id}) < (${fromInstantKey(key.placed)}, ${key.id}::uuid)`;

const hasFilters = (filters: OrderFilters) =>
  Boolean(
    filters.statuses?.length ||
    filters.paymentStatuses?.length ||
    filters.customerOrganisationId ||
    filters.deliveryFrom ||
    filters.deliveryTo ||
    filters.placed?.from ||
    filters.placed?.to,
  );

/**
 * A list with nothing but the keyset (the pages asked for most: a merchant's list, a customer's
 * history), as the general statement writes it, prepared once per page size rather than built on
 * every request: drizzle assembling the list's columns and joins cost the API more CPU than
 * PostgreSQL spent running them. A merchant's orders by `merchant_id`, a customer's by its one
 * account with the merchant (orders_customer_placed_idx).
 */
function plainPage(db: Db, options: { by: 'merchant' | 'account'; limit: number; isAfterCursor: boolean }) {
  const name = `orders_${options.by === 'account' ? 'account_' : ''}page_${options.isAfterCursor ? 'after_' : ''}${options.limit}`;
  return preparedOnce(db, name, (statementName) =>
    selectOrderListRows(db)
      .where(
        and(
          options.by === 'merchant'
            ? eq(orders.merchantId, sql.placeholder('ownerId'))
            : eq(orders.customerAccountId, sql.placeholder('ownerId')),
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

/**
 * A merchant's orders by id (a search's page), newest first: the same statement for every search,
 * prepared once. Built by drizzle on every search, its list columns and joins cost the API more
 * CPU than PostgreSQL spent running it.
 */
function merchantRowsByIds(db: Db) {
  return preparedOnce(db, 'orders_page_by_ids', (statementName) =>
    selectOrderListRows(db)
      .where(
        and(
          eq(orders.merchantId, sql.placeholder('merchantId')),
          sql`${orders.id} = any(${sql.placeholder('ids')}::uuid[])`,
        ),
      )
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .prepare(statementName),
  );
}

/**
 * Where a list's orders are: the merchant's, or a customer organisation's accounts (none when it
 * has none). The accounts are read first and named by id: as `customer_account_id in (select …
 * where customer_organisation_id = $1)` in a cached plan, PostgreSQL could not tell how many
 * accounts that is, so it read all of a large customer's orders (25,000) and sorted them instead
 * of walking orders_customer_placed_idx newest first and stopping at the page.
 */
type ListOwner = { kind: 'MERCHANT'; merchantId: string } | { kind: 'ACCOUNTS'; ids: string[] };

async function ownerOf(db: Db, scope: OrderScope): Promise<ListOwner> {
  if (scope.kind === 'MERCHANT') return scope;
  const { customerOrganisationId, merchantId } = scope;
  const accounts = await preparedOnce(
    db,
    `order_list_accounts${merchantId ? '_with_merchant' : ''}`,
    (name) =>
      customerAccountsOf(db, {
        customerOrganisationId: sql.placeholder('customerOrganisationId'),
        ...(merchantId ? { merchantId: sql.placeholder('merchantId') } : {}),
      }).prepare(name),
  ).execute({ customerOrganisationId, merchantId });
  return { kind: 'ACCOUNTS', ids: accounts.map((account) => account.id) };
}

function ownerCondition(db: Db, scope: OrderScope, owner: ListOwner): SQL {
  if (owner.kind === 'MERCHANT') return inScope(db, scope);
  const [only] = owner.ids;
  return owner.ids.length === 1 && only
    ? eq(orders.customerAccountId, only)
    : inArray(orders.customerAccountId, owner.ids);
}

/** A page with filters or a search (order-search.queries.ts). */
async function selectRows(
  db: Db,
  options: {
    scope: OrderScope;
    inScope: SQL;
    filters: OrderFilters;
    search?: OrderSearch;
    limit: number;
    after?: { placed: string; id: string };
  },
): Promise<OrderListRow[]> {
  const { scope, search, after, limit, inScope: scoped } = options;
  const conditions = [...filterConditions(db, scope, options.filters), after ? afterKey(after) : undefined];
  if (search && scope.kind === 'MERCHANT') {
    // Two statements: the page's ids, planned for each search's values (customPlanned), then
    // their summaries by a statement planned once. Planned as one, the search took 8 ms to plan
    // on every run, most of it for the joins that only decorate the page.
    const ids = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(scoped, ...conditions, searchCondition(scope, search)))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(literalLimit(limit));
    if (ids.length === 0) return [];
    return merchantRowsByIds(db).execute({ merchantId: scope.merchantId, ids: ids.map((row) => row.id) });
  }
  return selectOrderListRows(db)
    .where(and(scoped, ...conditions, search ? searchCondition(scope, search) : undefined))
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
): Promise<{ rows: OrderListRow[]; nextCursor: string | null }> {
  const { scope } = options;
  let after: { placed: string; id: string } | undefined;
  if (options.cursor) {
    after = decodeCursor(options.cursor, { placed: 'instant', id: 'uuid' });
  }
  const limit = options.limit + 1;
  const owner = await ownerOf(db, scope);
  if (owner.kind === 'ACCOUNTS' && owner.ids.length === 0) return { rows: [], nextCursor: null };
  // The merchant's list, or one account's orders, with nothing but the keyset: prepared once.
  const plain =
    options.search || hasFilters(options.filters)
      ? undefined
      : owner.kind === 'MERCHANT'
        ? { by: 'merchant' as const, id: owner.merchantId }
        : owner.ids.length === 1
          ? { by: 'account' as const, id: owner.ids[0]! }
          : undefined;
  const rows: OrderListRow[] = plain
    ? await plainPage(db, { by: plain.by, limit, isAfterCursor: after !== undefined }).execute({
        ownerId: plain.id,
        afterPlaced: after?.placed,
        afterId: after?.id,
      })
    : await selectRows(db, { ...options, after, limit, inScope: ownerCondition(db, scope, owner) });
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
