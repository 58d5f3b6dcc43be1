import { and, asc, eq, gt, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../../platform/db/keyset-cursor.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { credits, customerAccounts, orders, organisations } from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import { isOutstandingOrder, owedCents } from './outstanding.queries.ts';

// Customer Accounts: a merchant's customers by name, each with what it owes and its unspent
// credit. The page of customers is chosen first; only its rows are then summed, each on its own
// index (orders_customer_outstanding_idx, credits_customer_created_idx), so a page costs the
// same at any number of customers or orders.

export type CustomerAccountsFilters = {
  merchantId: string;
  /** The merchant's calendar day: what is due before it is overdue. */
  today: string;
  search?: string;
  status: 'active' | 'archived' | 'all';
  limit: number;
  cursor?: string;
};

export async function listCustomerAccountRows(db: Db, options: CustomerAccountsFilters) {
  const sortKey = sql<string>`lower(${organisations.title})`;
  const conditions: (SQL | undefined)[] = [eq(customerAccounts.merchantId, options.merchantId)];
  if (options.status === 'active') conditions.push(isNull(customerAccounts.archivedAt));
  if (options.status === 'archived') conditions.push(isNotNull(customerAccounts.archivedAt));
  if (options.search) conditions.push(ilike(organisations.title, containsPattern(options.search)));
  if (options.cursor) {
    const after = decodeCursor(options.cursor, { name: 'text', id: 'uuid' });
    conditions.push(
      or(gt(sortKey, after.name), and(eq(sortKey, after.name), gt(customerAccounts.id, after.id))),
    );
  }
  const page = db
    .select({
      id: customerAccounts.id,
      organisationId: customerAccounts.customerOrganisationId,
      name: organisations.title,
      sortKey: sortKey.as('sort_key'),
      archivedAt: customerAccounts.archivedAt,
      isPaymentsEnabled: customerAccounts.isPaymentsEnabled,
      isOverdueRemindersEnabled: customerAccounts.isOverdueRemindersEnabled,
      creditLimitCents: customerAccounts.creditLimitCents,
    })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .where(and(...conditions))
    .orderBy(asc(sortKey), asc(customerAccounts.id))
    .limit(literalLimit(options.limit + 1))
    .as('page');

  // Only a tracked customer owes anything here (its orders are otherwise Not Tracked).
  const owed = db
    .select({
      balanceCents: sql<number>`coalesce(sum(${owedCents}), 0)`.mapWith(Number).as('balance_cents'),
      count: sql<number>`count(*)`.mapWith(Number).as('outstanding_count'),
      overdueCents:
        sql<number>`coalesce(sum(${owedCents}) filter (where ${orders.dueDate} < ${options.today}), 0)`
          .mapWith(Number)
          .as('overdue_cents'),
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerAccountId, page.id),
        eq(orders.merchantId, options.merchantId),
        isOutstandingOrder,
        sql`${page.isPaymentsEnabled}`,
      ),
    )
    .as('owed');
  const credit = db
    .select({
      availableCents: sql<number>`coalesce(sum(${credits.remainingCents}), 0)`
        .mapWith(Number)
        .as('available_cents'),
    })
    .from(credits)
    .where(
      and(
        eq(credits.customerAccountId, page.id),
        eq(credits.merchantId, options.merchantId),
        isNull(credits.voidedAt),
      ),
    )
    .as('credit');

  const rows = await db
    .select({
      id: page.id,
      organisationId: page.organisationId,
      name: page.name,
      sortKey: page.sortKey,
      archivedAt: page.archivedAt,
      isPaymentsEnabled: page.isPaymentsEnabled,
      isOverdueRemindersEnabled: page.isOverdueRemindersEnabled,
      creditLimitCents: page.creditLimitCents,
      balanceCents: owed.balanceCents,
      outstandingCount: owed.count,
      overdueCents: owed.overdueCents,
      availableCreditCents: credit.availableCents,
    })
    .from(page)
    .leftJoinLateral(owed, sql`true`)
    .leftJoinLateral(credit, sql`true`)
    .orderBy(asc(page.sortKey), asc(page.id));

  const items = rows.slice(0, options.limit);
  const last = items.at(-1);
  return {
    rows: items,
    nextCursor:
      rows.length > options.limit && last ? encodeCursor({ name: last.sortKey, id: last.id }) : null,
  };
}

export type CustomerAccountRow = Awaited<ReturnType<typeof listCustomerAccountRows>>['rows'][number];
