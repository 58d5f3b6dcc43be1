import { COUNTED_PAYMENT_STATES } from '@tradeport/contract';
import { and, asc, eq, gte, inArray, isNotNull, lt, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { credits, orders, organisations, paymentRefunds, payments } from '../../platform/db/schema/index.ts';
import { CREDIT_METHOD } from './applied-credit.ts';
import { startOfDayIn } from '../../platform/db/zone-days.ts';

// A customer's statement: what moved its balance with the merchant, day by day. The balance is
// what it owes net of unspent credit (invoices − money paid + refunds − credit issued + credit
// voided), so today's closing balance is its outstanding orders less its available credit.
// Applying credit to an order (a payment by Account Credit) moves nothing between the two and is
// left out; so is an overpayment credit, whose money is already in its payment.

/** The account a statement is for, with the merchant and customer as the heading prints them. */
export async function findStatementParties(
  db: Db,
  options: { merchantId: string; customerOrganisationId: string },
) {
  const customer = alias(organisations, 'statement_customer');
  const [row] = await db
    .select({ merchant: organisations, customer })
    .from(organisations)
    .innerJoin(customer, eq(customer.id, options.customerOrganisationId))
    .where(eq(organisations.id, options.merchantId));
  return row;
}

export type StatementEntryKind = 'INVOICE' | 'PAYMENT' | 'REFUND' | 'CREDIT' | 'CREDIT_VOIDED';

/** One line of a statement; `amountCents` is what it adds to the balance (payments subtract). */
export type StatementEntry = {
  kind: StatementEntryKind;
  /** The merchant's calendar day it happened on. */
  day: string;
  /** When, to order a day's entries. */
  at: Date;
  number: number;
  amountCents: number;
  dueDate?: string;
  /** Invoice: its order number; payment: its method; credit: its source. */
  detail?: string;
  reference?: string | null;
};

/** An account's rows: each kind is read by the account's id (indexed) within its merchant. */
type Account = { merchantId: string; customerAccountId: string };

/** Days [from, to) of the merchant's zone; no `from`: everything before `to`. */
type Range = { from?: string; to: string; timeZone: string };

/** The day of an instant in the merchant's zone, as YYYY-MM-DD text. */
const dayOf = (instant: AnyPgColumn, timeZone: string) =>
  sql<string>`((${instant} at time zone ${timeZone})::date)::text`;

const instantWithin = (column: AnyPgColumn, range: Range) =>
  and(
    range.from ? sql`${column} >= ${startOfDayIn(range.from, range.timeZone)}` : undefined,
    sql`${column} < ${startOfDayIn(range.to, range.timeZone)}`,
  );

/** A payment of money: counted (Successful, Refunded), and not account credit being applied. */
const isMoneyPayment = and(
  inArray(payments.state, [...COUNTED_PAYMENT_STATES]),
  ne(payments.method, CREDIT_METHOD),
);

const refundedPayment = and(
  eq(payments.id, paymentRefunds.paymentId),
  eq(payments.merchantId, paymentRefunds.merchantId),
)!;
const creditPayment = and(eq(payments.id, credits.paymentId), eq(payments.merchantId, credits.merchantId))!;

/** Each kind's rows of an account within a range: one definition for the entries and the sums. */
const where = {
  invoice: (account: Account, range: Range) =>
    and(
      eq(orders.customerAccountId, account.customerAccountId),
      eq(orders.merchantId, account.merchantId),
      ne(orders.status, 'CANCELLED'),
      instantWithin(orders.placedAt, range),
    ),
  payment: (account: Account, range: Range) =>
    and(
      eq(payments.customerAccountId, account.customerAccountId),
      eq(payments.merchantId, account.merchantId),
      isMoneyPayment,
      range.from ? gte(payments.paidOn, range.from) : undefined,
      lt(payments.paidOn, range.to),
    ),
  refund: (account: Account, range: Range) =>
    and(
      eq(payments.customerAccountId, account.customerAccountId),
      eq(payments.merchantId, account.merchantId),
      isMoneyPayment,
      instantWithin(paymentRefunds.createdAt, range),
    ),
  credit: (account: Account, range: Range) =>
    and(
      eq(credits.customerAccountId, account.customerAccountId),
      eq(credits.merchantId, account.merchantId),
      ne(credits.source, 'OVERPAYMENT'),
      instantWithin(credits.createdAt, range),
    ),
  // A voided credit's value leaves the balance (the ledger voids only a credit nothing was spent
  // of, so its whole amount), unless it was an overpayment its payment's void took back.
  voidedCredit: (account: Account, range: Range) =>
    and(
      eq(credits.customerAccountId, account.customerAccountId),
      eq(credits.merchantId, account.merchantId),
      isNotNull(credits.voidedAt),
      or(ne(credits.source, 'OVERPAYMENT'), inArray(payments.state, [...COUNTED_PAYMENT_STATES])),
      instantWithin(credits.voidedAt, range),
    ),
};

const sumOf = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`;

/** A one-value query as a column of another. */
const scalar = (query: SQLWrapper) => sql<number>`(${query})`.mapWith(Number);

/** The balance before the first day of a statement: each kind summed up to it, in one statement. */
export async function openingBalance(db: Db, options: Account & { before: string; timeZone: string }) {
  const range: Range = { to: options.before, timeZone: options.timeZone };
  const [row] = await db
    .select({
      invoiced: scalar(
        db
          .select({ cents: sumOf(orders.totalCents) })
          .from(orders)
          .where(where.invoice(options, range)),
      ),
      paid: scalar(
        db
          .select({ cents: sumOf(payments.amountCents) })
          .from(payments)
          .where(where.payment(options, range)),
      ),
      refunded: scalar(
        db
          .select({ cents: sumOf(paymentRefunds.amountCents) })
          .from(paymentRefunds)
          .innerJoin(payments, refundedPayment)
          .where(where.refund(options, range)),
      ),
      credited: scalar(
        db
          .select({ cents: sumOf(credits.amountCents) })
          .from(credits)
          .where(where.credit(options, range)),
      ),
      voided: scalar(
        db
          .select({ cents: sumOf(credits.amountCents) })
          .from(credits)
          .leftJoin(payments, creditPayment)
          .where(where.voidedCredit(options, range)),
      ),
    })
    // One row to hang the sums on: the merchant's own.
    .from(organisations)
    .where(eq(organisations.id, options.merchantId));
  if (!row) return 0;
  return row.invoiced - row.paid + row.refunded - row.credited + row.voided;
}

/**
 * The entries of days [from, to), at most `limit` of each kind (the caller refuses a statement
 * longer than it prints), by day, then time, then kind.
 */
export async function listStatementEntries(
  db: Db,
  options: Account & { from: string; to: string; timeZone: string; limit: number },
): Promise<StatementEntry[]> {
  const range: Range = { from: options.from, to: options.to, timeZone: options.timeZone };
  const { limit } = options;
  const [invoiceRows, paymentRows, refundRows, creditRows, voidRows] = await Promise.all([
    db
      .select({
        number: orders.invoiceNumber,
        orderNumber: orders.number,
        at: orders.placedAt,
        day: dayOf(orders.placedAt, range.timeZone),
        amountCents: orders.totalCents,
        dueDate: orders.dueDate,
        reference: orders.purchaseOrderNumber,
      })
      .from(orders)
      .where(where.invoice(options, range))
      .orderBy(asc(orders.placedAt))
      .limit(limit),
    db
      .select({
        number: payments.number,
        at: payments.createdAt,
        day: payments.paidOn,
        amountCents: payments.amountCents,
        method: payments.method,
        reference: payments.reference,
      })
      .from(payments)
      .where(where.payment(options, range))
      .orderBy(asc(payments.paidOn), asc(payments.createdAt))
      .limit(limit),
    db
      .select({
        number: payments.number,
        at: paymentRefunds.createdAt,
        day: dayOf(paymentRefunds.createdAt, range.timeZone),
        amountCents: paymentRefunds.amountCents,
        reference: paymentRefunds.reason,
      })
      .from(paymentRefunds)
      .innerJoin(payments, refundedPayment)
      .where(where.refund(options, range))
      .orderBy(asc(paymentRefunds.createdAt))
      .limit(limit),
    db
      .select({
        number: credits.number,
        at: credits.createdAt,
        day: dayOf(credits.createdAt, range.timeZone),
        amountCents: credits.amountCents,
        source: credits.source,
        reference: credits.reason,
      })
      .from(credits)
      .where(where.credit(options, range))
      .orderBy(asc(credits.createdAt))
      .limit(limit),
    db
      .select({
        number: credits.number,
        at: credits.voidedAt,
        day: dayOf(credits.voidedAt, range.timeZone),
        amountCents: credits.amountCents,
        reference: credits.reason,
      })
      .from(credits)
      .leftJoin(payments, creditPayment)
      .where(where.voidedCredit(options, range))
      .orderBy(asc(credits.voidedAt))
      .limit(limit),
  ]);
  const entries: StatementEntry[] = [
    ...invoiceRows.map(({ orderNumber, ...row }) => ({
      kind: 'INVOICE' as const,
      ...row,
      detail: String(orderNumber),
    })),
    ...paymentRows.map(({ method, ...row }) => ({
      kind: 'PAYMENT' as const,
      ...row,
      amountCents: -row.amountCents,
      detail: method,
    })),
    ...refundRows.map((row) => ({ kind: 'REFUND' as const, ...row })),
    ...creditRows.map(({ source, ...row }) => ({
      kind: 'CREDIT' as const,
      ...row,
      amountCents: -row.amountCents,
      detail: source,
    })),
    // voided_at is set on every row the condition keeps.
    ...voidRows.map((row) => ({ kind: 'CREDIT_VOIDED' as const, ...row, at: row.at! })),
  ];
  return entries.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.at.getTime() - b.at.getTime() ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.number - b.number,
  );
}

const KIND_ORDER: Record<StatementEntryKind, number> = {
  INVOICE: 0,
  PAYMENT: 1,
  REFUND: 2,
  CREDIT: 3,
  CREDIT_VOIDED: 4,
};
