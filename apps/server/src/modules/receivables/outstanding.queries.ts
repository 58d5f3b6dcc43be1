import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../../platform/db/keyset-cursor.ts';
import { customerAccounts, orders, organisations } from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';

// What customers still owe: unpaid and part-paid orders, oldest due first. Every read walks the
// partial indexes orders_merchant_outstanding_idx / orders_customer_outstanding_idx, so its cost
// follows what is owed, not how many orders a merchant ever had.

/**
 * An order owes something: not cancelled and not fully paid. Written exactly as the partial
 * indexes' predicate (the literal, not a parameter) so the planner can prove they apply.
 */
export const isOutstandingOrder = sql`${orders.paidCents} < ${orders.totalCents} and ${orders.status} <> 'CANCELLED'`;

/** What it still owes (outstanding_cents = total − paid, positive on every outstanding order). */
export const owedCents = sql<number>`(${orders.totalCents} - ${orders.paidCents})`;

/**
 * Orders joined to their account when its payments are tracked: an untracked customer's orders
 * are Not Tracked, owing nothing here.
 */
export const trackedAccount = and(
  eq(customerAccounts.id, orders.customerAccountId),
  eq(customerAccounts.merchantId, orders.merchantId),
  eq(customerAccounts.isPaymentsEnabled, true),
)!;

/** Whose orders: a merchant's, optionally one customer account's (or one customer organisation's). */
export type OutstandingScope = {
  merchantId: string;
  customerAccountId?: string;
  customerOrganisationId?: string;
};

/** Due dates, both days included. */
export type DueDates = { from?: string; to?: string };

function scopeConditions(db: Db, scope: OutstandingScope): (SQL | undefined)[] {
  return [
    eq(orders.merchantId, scope.merchantId),
    scope.customerAccountId ? eq(orders.customerAccountId, scope.customerAccountId) : undefined,
    // A scalar subquery, so the account is found first and its own index walked in due order.
    scope.customerOrganisationId
      ? eq(
          orders.customerAccountId,
          db
            .select({ id: customerAccounts.id })
            .from(customerAccounts)
            .where(
              and(
                eq(customerAccounts.merchantId, scope.merchantId),
                eq(customerAccounts.customerOrganisationId, scope.customerOrganisationId),
              ),
            ),
        )
      : undefined,
  ];
}

const dueConditions = (due: DueDates) => [
  due.from ? gte(orders.dueDate, due.from) : undefined,
  due.to ? lte(orders.dueDate, due.to) : undefined,
];

export type OutstandingRow = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(
  db: Db,
  options: { scope: OutstandingScope; due: DueDates; limit: number; after?: { due: string; id: string } },
) {
  const { after } = options;
  return db
    .select({
      id: orders.id,
      number: orders.number,
      invoiceNumber: orders.invoiceNumber,
      status: orders.status,
      customerAccountId: orders.customerAccountId,
      customerOrganisationId: customerAccounts.customerOrganisationId,
      customerName: orders.customerName,
      placedAt: orders.placedAt,
      dueDate: orders.dueDate,
      totalCents: orders.totalCents,
      paidCents: orders.paidCents,
      isPaymentsEnabled: customerAccounts.isPaymentsEnabled,
    })
    .from(orders)
    .innerJoin(customerAccounts, trackedAccount)
    .where(
      and(
        ...scopeConditions(db, options.scope),
        isOutstandingOrder,
        ...dueConditions(options.due),
        after ? sql`(${orders.dueDate}, ${orders.id}) > (${after.due}::date, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(orders.dueDate), asc(orders.id))
    .limit(literalLimit(options.limit));
}

/** One page of outstanding orders by (due date, id), after the cursor's. */
export async function listOutstandingRows(
  db: Db,
  options: { scope: OutstandingScope; due: DueDates; limit: number; cursor?: string },
): Promise<{ rows: OutstandingRow[]; nextCursor: string | null }> {
  let after: { due: string; id: string } | undefined;
  if (options.cursor) {
    after = decodeCursor(options.cursor, { due: 'date', id: 'uuid' });
  }
  const rows = await selectRows(db, { ...options, limit: options.limit + 1, after });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > options.limit && last ? encodeCursor({ due: last.dueDate, id: last.id }) : null,
  };
}

/**
 * A merchant's outstanding orders, counted and summed per due date, straight from the orders:
 * the definition the rollups (sumOwedByDueDate, which the overview reads) must always equal, and
 * the rollup tests' oracle. Migration 0018's order trigger applies this same predicate.
 */
export async function sumOutstandingByDueDate(db: Db, options: { merchantId: string }) {
  return db
    .select({
      dueDate: orders.dueDate,
      count: sql<number>`count(*)`.mapWith(Number),
      cents: sql<number>`sum(${owedCents})`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(customerAccounts, trackedAccount)
    .where(and(eq(orders.merchantId, options.merchantId), isOutstandingOrder))
    .groupBy(orders.dueDate);
}

/** A merchant's time zone; undefined when it is no organisation. */
export async function findTimeZone(db: Db, organisationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.timeZone;
}

/** A customer organisation's account with a merchant, and the merchant's time zone. */
export async function findAccountWithMerchant(
  db: Db,
  options: { customerOrganisationId: string; merchantId: string },
) {
  const [row] = await db
    .select({ accountId: customerAccounts.id, timeZone: organisations.timeZone })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.merchantId))
    .where(
      and(
        eq(customerAccounts.merchantId, options.merchantId),
        eq(customerAccounts.customerOrganisationId, options.customerOrganisationId),
      ),
    );
  return row;
}
