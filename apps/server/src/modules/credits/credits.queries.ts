import type { CreditSource } from '@tradeport/contract';
import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { decodeCursor, encodeCursor, fromInstantKey, instantKey } from '../../platform/db/keyset-cursor.ts';
import {
  creditLines,
  credits,
  customerAccounts,
  orders,
  organisations,
  paymentAllocations,
  payments,
  users,
} from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import type { PaymentScope } from '../payments/payments.queries.ts';

// Reading account credits: the list and search (newest first, keyset on (created_at, id)
// descending as credits_merchant_created_idx and credits_customer_created_idx order them) and one
// credit whole: its lines, and the payments that applied it.

export type CreditFilters = { source?: CreditSource; customerOrganisationId?: string; isAvailable?: boolean };

/** What a search looks for: a credit number, and text in the reason or the customer's name. */
export type CreditSearch = { number?: number; pattern?: string };

const customer = alias(organisations, 'credit_customer');
const merchant = alias(organisations, 'credit_merchant');
const sourcePayment = alias(payments, 'credit_source_payment');

function selectCreditSummaries(db: Db) {
  return db
    .select({
      credit: credits,
      customerOrganisationId: customerAccounts.customerOrganisationId,
      customerName: customer.title,
      merchantTitle: merchant.title,
      order: { id: orders.id, number: orders.number, invoiceNumber: orders.invoiceNumber },
      paymentNumber: sourcePayment.number,
      createdKey: instantKey(credits.createdAt),
    })
    .from(credits)
    .innerJoin(
      customerAccounts,
      and(
        eq(customerAccounts.id, credits.customerAccountId),
        eq(customerAccounts.merchantId, credits.merchantId),
      ),
    )
    .innerJoin(customer, eq(customer.id, customerAccounts.customerOrganisationId))
    .innerJoin(merchant, eq(merchant.id, credits.merchantId))
    .leftJoin(orders, and(eq(orders.id, credits.orderId), eq(orders.merchantId, credits.merchantId)))
    .leftJoin(
      sourcePayment,
      and(eq(sourcePayment.id, credits.paymentId), eq(sourcePayment.merchantId, credits.merchantId)),
    )
    .$dynamic();
}

export type CreditSummaryRow = Awaited<ReturnType<typeof selectCreditSummaries>>[number];

const accountsWhere = (db: Db, where: SQL | undefined) =>
  db.select({ id: customerAccounts.id }).from(customerAccounts).where(where);

function creditsInScope(db: Db, scope: PaymentScope): SQL {
  if (scope.kind === 'MERCHANT') return eq(credits.merchantId, scope.merchantId);
  return inArray(
    credits.customerAccountId,
    accountsWhere(
      db,
      and(
        eq(customerAccounts.customerOrganisationId, scope.customerOrganisationId),
        scope.merchantId ? eq(customerAccounts.merchantId, scope.merchantId) : undefined,
      ),
    ),
  );
}

function conditions(db: Db, scope: PaymentScope, filters: CreditFilters, search?: CreditSearch) {
  const tests: SQL[] = [];
  if (search?.number !== undefined) tests.push(eq(credits.number, search.number));
  if (search?.pattern !== undefined) {
    tests.push(sql`lower(${credits.reason}) like ${search.pattern}`);
    const named = db
      .select({ id: customerAccounts.id })
      .from(customerAccounts)
      .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
      .where(
        and(
          scope.kind === 'MERCHANT'
            ? eq(customerAccounts.merchantId, scope.merchantId)
            : eq(customerAccounts.customerOrganisationId, scope.customerOrganisationId),
          sql`lower(${organisations.title}) like ${search.pattern}`,
        ),
      );
    tests.push(inArray(credits.customerAccountId, named));
  }
  return [
    creditsInScope(db, scope),
    filters.source ? eq(credits.source, filters.source) : undefined,
    filters.customerOrganisationId && scope.kind === 'MERCHANT'
      ? inArray(
          credits.customerAccountId,
          accountsWhere(
            db,
            and(
              eq(customerAccounts.merchantId, scope.merchantId),
              eq(customerAccounts.customerOrganisationId, filters.customerOrganisationId),
            ),
          ),
        )
      : undefined,
    filters.isAvailable === true ? and(isNull(credits.voidedAt), gt(credits.remainingCents, 0)) : undefined,
    filters.isAvailable === false
      ? sql`(${credits.voidedAt} is not null or ${credits.remainingCents} = 0)`
      : undefined,
    tests.length > 0 ? sql`(${sql.join(tests, sql` or `)})` : undefined,
  ];
}

/** One page of credits, newest first, after the cursor's (created_at, id). */
export async function listCreditRows(
  db: Db,
  options: {
    scope: PaymentScope;
    filters: CreditFilters;
    search?: CreditSearch;
    limit: number;
    cursor?: string;
  },
): Promise<{ rows: CreditSummaryRow[]; nextCursor: string | null }> {
  let after: { created: string; id: string } | undefined;
  if (options.cursor) {
    after = decodeCursor(options.cursor, { created: 'instant', id: 'uuid' });
  }
  const rows = await selectCreditSummaries(db)
    .where(
      and(
        ...conditions(db, options.scope, options.filters, options.search),
        after
          ? sql`(${credits.createdAt}, ${credits.id}) < (${fromInstantKey(after.created)}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(credits.createdAt), desc(credits.id))
    .limit(literalLimit(options.limit + 1));
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last
      ? encodeCursor({ created: last.createdKey, id: last.credit.id })
      : null;
  return { rows: page, nextCursor };
}

export async function findCreditRow(db: Db, options: { scope: PaymentScope; id: string }) {
  const [row] = await selectCreditSummaries(db).where(
    and(eq(credits.id, options.id), creditsInScope(db, options.scope)),
  );
  return row;
}

/** A credit's lines (adjustment notes), its applications with the orders they paid, its author. */
export async function findCreditDetails(db: Db, credit: typeof credits.$inferSelect) {
  const lines = await db
    .select()
    .from(creditLines)
    .where(and(eq(creditLines.creditId, credit.id), eq(creditLines.merchantId, credit.merchantId)))
    .orderBy(asc(creditLines.name), asc(creditLines.id));
  // Its customer's payments (payments_customer_created_idx) that name it: the applications.
  const applications = await db
    .select({
      id: payments.id,
      number: payments.number,
      state: payments.state,
      amountCents: payments.amountCents,
      paidOn: payments.paidOn,
    })
    .from(payments)
    .where(and(eq(payments.customerAccountId, credit.customerAccountId), eq(payments.creditId, credit.id)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  const paid =
    applications.length === 0
      ? []
      : await db
          .select({
            paymentId: paymentAllocations.paymentId,
            orderId: orders.id,
            orderNumber: orders.number,
            amountCents: paymentAllocations.amountCents,
          })
          .from(paymentAllocations)
          .innerJoin(
            orders,
            and(
              eq(orders.id, paymentAllocations.orderId),
              eq(orders.merchantId, paymentAllocations.merchantId),
            ),
          )
          .where(
            inArray(
              paymentAllocations.paymentId,
              applications.map((application) => application.id),
            ),
          )
          .orderBy(asc(orders.number));
  const [author] = credit.createdByUserId
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, credit.createdByUserId))
    : [];
  return { lines, applications, paid, createdByName: author?.name ?? null };
}

export type CreditDetails = Awaited<ReturnType<typeof findCreditDetails>>;
