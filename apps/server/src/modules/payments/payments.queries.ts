import type { PaymentMethod, PaymentState } from '@tradeport/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { decodeCursor, encodeCursor, fromInstantKey, instantKey } from '../../platform/db/keyset-cursor.ts';
import {
  credits,
  customerAccounts,
  orders,
  organisations,
  paymentAllocations,
  paymentRefunds,
  payments,
  users,
} from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import { isOverpaymentCreditOf } from './credit-ledger.queries.ts';

// Reading payments: the list and search (newest first, keyset on (created_at, id) descending as
// payments_merchant_created_idx and payments_customer_created_idx order them), one payment whole,
// and one order's payments.

/** Whose payments a read may see: a merchant's, or a customer organisation's own (with one merchant). */
export type PaymentScope =
  | { kind: 'MERCHANT'; merchantId: string }
  | { kind: 'CUSTOMER'; customerOrganisationId: string; merchantId?: string };

export type PaymentFilters = {
  method?: PaymentMethod;
  state?: PaymentState;
  customerOrganisationId?: string;
  paidFrom?: string;
  paidTo?: string;
};

/** What a search looks for: a payment number, and text in the reference or the customer's name. */
export type PaymentSearch = { number?: number; pattern?: string };

const customer = alias(organisations, 'payment_customer');
const merchant = alias(organisations, 'payment_merchant');

export const paymentSummaryColumns = {
  payment: payments,
  customerOrganisationId: customerAccounts.customerOrganisationId,
  customerName: customer.title,
  merchantTitle: merchant.title,
  /** created_at in whole microseconds since 1970, as text: a keyset cursor's exact key. */
  createdKey: instantKey(payments.createdAt),
};

function selectPaymentSummaries(db: Db) {
  return db
    .select(paymentSummaryColumns)
    .from(payments)
    .innerJoin(
      customerAccounts,
      and(
        eq(customerAccounts.id, payments.customerAccountId),
        eq(customerAccounts.merchantId, payments.merchantId),
      ),
    )
    .innerJoin(customer, eq(customer.id, customerAccounts.customerOrganisationId))
    .innerJoin(merchant, eq(merchant.id, payments.merchantId))
    .$dynamic();
}

export type PaymentSummaryRow = Awaited<ReturnType<typeof selectPaymentSummaries>>[number];

/** The accounts a scope's payments belong to, as a subquery (a customer's accounts are few). */
function accountsOf(db: Db, where: SQL | undefined) {
  return db.select({ id: customerAccounts.id }).from(customerAccounts).where(where);
}

export function paymentsInScope(db: Db, scope: PaymentScope): SQL {
  if (scope.kind === 'MERCHANT') return eq(payments.merchantId, scope.merchantId);
  return inArray(
    payments.customerAccountId,
    accountsOf(
      db,
      and(
        eq(customerAccounts.customerOrganisationId, scope.customerOrganisationId),
        scope.merchantId ? eq(customerAccounts.merchantId, scope.merchantId) : undefined,
      ),
    ),
  );
}

function filterConditions(db: Db, scope: PaymentScope, filters: PaymentFilters): (SQL | undefined)[] {
  return [
    filters.method ? eq(payments.method, filters.method) : undefined,
    filters.state ? eq(payments.state, filters.state) : undefined,
    filters.customerOrganisationId && scope.kind === 'MERCHANT'
      ? inArray(
          payments.customerAccountId,
          accountsOf(
            db,
            and(
              eq(customerAccounts.merchantId, scope.merchantId),
              eq(customerAccounts.customerOrganisationId, filters.customerOrganisationId),
            ),
          ),
        )
      : undefined,
    filters.paidFrom ? gte(payments.paidOn, filters.paidFrom) : undefined,
    filters.paidTo ? lte(payments.paidOn, filters.paidTo) : undefined,
  ];
}

function searchCondition(db: Db, scope: PaymentScope, search: PaymentSearch): SQL {
  const tests: SQL[] = [];
  if (search.number !== undefined) tests.push(eq(payments.number, search.number));
  if (search.pattern !== undefined) {
    tests.push(sql`lower(${payments.reference}) like ${search.pattern}`);
    // The customers whose name matches, within the scope's accounts: few, then their payments.
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
    tests.push(inArray(payments.customerAccountId, named));
  }
  return sql`(${sql.join(tests, sql` or `)})`;
}

/** One page of payments, newest first, after the cursor's (created_at, id). */
export async function listPaymentRows(
  db: Db,
  options: {
    scope: PaymentScope;
    filters: PaymentFilters;
    search?: PaymentSearch;
    limit: number;
    cursor?: string;
  },
): Promise<{ rows: PaymentSummaryRow[]; nextCursor: string | null }> {
  let after: { created: string; id: string } | undefined;
  if (options.cursor) {
    after = decodeCursor(options.cursor, { created: 'instant', id: 'uuid' });
  }
  const rows = await selectPaymentSummaries(db)
    .where(
      and(
        paymentsInScope(db, options.scope),
        ...filterConditions(db, options.scope, options.filters),
        options.search ? searchCondition(db, options.scope, options.search) : undefined,
        after
          ? sql`(${payments.createdAt}, ${payments.id}) < (${fromInstantKey(after.created)}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(literalLimit(options.limit + 1));
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last
      ? encodeCursor({ created: last.createdKey, id: last.payment.id })
      : null;
  return { rows: page, nextCursor };
}

/** One payment in a scope, as its summary row. */
export async function findPaymentRow(db: Db, options: { scope: PaymentScope; id: string }) {
  const [row] = await selectPaymentSummaries(db).where(
    and(eq(payments.id, options.id), paymentsInScope(db, options.scope)),
  );
  return row;
}

/** One payment by id alone, for the jobs its changes queue (they carry nothing but its id). */
export async function findPaymentRowById(db: Db, id: string) {
  const [row] = await selectPaymentSummaries(db).where(eq(payments.id, id));
  return row;
}

/** The allocations of some payments, with their orders' numbers, in the orders' order. */
export async function listAllocationsOf(db: Db, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      paymentId: paymentAllocations.paymentId,
      orderId: paymentAllocations.orderId,
      orderNumber: orders.number,
      invoiceNumber: orders.invoiceNumber,
      amountCents: paymentAllocations.amountCents,
      refundedCents: paymentAllocations.refundedCents,
    })
    .from(paymentAllocations)
    .innerJoin(
      orders,
      and(eq(orders.id, paymentAllocations.orderId), eq(orders.merchantId, paymentAllocations.merchantId)),
    )
    .where(inArray(paymentAllocations.paymentId, [...paymentIds]))
    .orderBy(asc(orders.number));
}

export type AllocationRow = Awaited<ReturnType<typeof listAllocationsOf>>[number];

const recordedBy = alias(users, 'payment_recorded_by');

/** What one payment's page shows beside its summary: who recorded it, refunds, credits. */
export async function findPaymentDetails(db: Db, payment: typeof payments.$inferSelect) {
  const [recorder] = payment.recordedByUserId
    ? await db
        .select({ name: recordedBy.name })
        .from(recordedBy)
        .where(eq(recordedBy.id, payment.recordedByUserId))
    : [];
  const refunds = await db
    .select({ refund: paymentRefunds, byName: users.name })
    .from(paymentRefunds)
    .leftJoin(users, eq(users.id, paymentRefunds.refundedByUserId))
    .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.merchantId, payment.merchantId)))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  const creditColumns = {
    id: credits.id,
    number: credits.number,
    amountCents: credits.amountCents,
    remainingCents: credits.remainingCents,
  };
  const [overpayment] = await db.select(creditColumns).from(credits).where(isOverpaymentCreditOf(payment));
  const [applied] = payment.creditId
    ? await db
        .select(creditColumns)
        .from(credits)
        .where(and(eq(credits.id, payment.creditId), eq(credits.merchantId, payment.merchantId)))
    : [];
  return { recordedByName: recorder?.name ?? null, refunds, overpayment, applied };
}

export type PaymentDetails = Awaited<ReturnType<typeof findPaymentDetails>>;

/** An order in a scope with what its payments' view needs: totals and whether payments are tracked. */
export async function findOrderForPayments(
  db: Db,
  options: { orderId: string; scope: { kind: 'MERCHANT' | 'CUSTOMER'; organisationId: string } },
) {
  const [row] = await db
    .select({
      id: orders.id,
      merchantId: orders.merchantId,
      status: orders.status,
      totalCents: orders.totalCents,
      paidCents: orders.paidCents,
      isTracked: customerAccounts.isPaymentsEnabled,
    })
    .from(orders)
    .innerJoin(
      customerAccounts,
      and(
        eq(customerAccounts.id, orders.customerAccountId),
        eq(customerAccounts.merchantId, orders.merchantId),
      ),
    )
    .where(
      and(
        eq(orders.id, options.orderId),
        options.scope.kind === 'MERCHANT'
          ? eq(orders.merchantId, options.scope.organisationId)
          : eq(customerAccounts.customerOrganisationId, options.scope.organisationId),
      ),
    );
  return row;
}

/** Most payments one order's view lists: an order is paid by a handful. */
const ORDER_PAYMENTS_MAX = 200;

/** The payments allocated to one order, newest first. */
export async function listOrderPaymentRows(db: Db, options: { orderId: string; merchantId: string }) {
  return selectPaymentSummaries(db)
    .where(
      and(
        eq(payments.merchantId, options.merchantId),
        inArray(
          payments.id,
          db
            .select({ id: paymentAllocations.paymentId })
            .from(paymentAllocations)
            .where(eq(paymentAllocations.orderId, options.orderId)),
        ),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(ORDER_PAYMENTS_MAX);
}
