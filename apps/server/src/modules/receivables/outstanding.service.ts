import {
  addDays,
  AGING_BUCKET_LABELS,
  agingBucket,
  agingDueDates,
  dateInZone,
  daysOverdue,
  formatCsvRow,
  formatDollars,
  formatInvoiceNumber,
  isOverdue,
  ORDER_PAYMENT_STATUS_LABELS,
  orderPaymentStatus,
  OUTSTANDING_CSV_COLUMNS,
  type OutstandingCsvQuery,
  outstandingCents,
  type OutstandingOrder,
  type OutstandingQuery,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { MemberActor } from '../../platform/tenancy/access.ts';
import type { OrganisationRecord } from '../../platform/tenancy/membership.queries.ts';
import {
  type DueDates,
  findAccountWithMerchant,
  listOutstandingRows,
  type OutstandingRow,
  type OutstandingScope,
} from './outstanding.queries.ts';

// The outstanding list and its CSV: a merchant's (all customers, or one) or a customer
// organisation's own with one merchant, aged on the merchant's calendar day.

type ListQuery = z.output<typeof OutstandingQuery>;
type Filters = z.output<typeof OutstandingCsvQuery>;

/** The organisation the list is read for, as its membership check read it. */
export type OutstandingActor = MemberActor & { organisation: OrganisationRecord };

/** Rows the CSV reads at a time: memory stays flat however much is owed. */
const CSV_BATCH = 500;

/** The due dates the filters leave: a bucket's, and only past due with `overdue=true`. */
function dueDatesOf(filters: Filters, today: string): DueDates {
  const bucket = filters.aging ? agingDueDates(filters.aging, today) : {};
  if (filters.overdue !== 'true') return bucket;
  const lastOverdue = addDays(today, -1);
  return { ...bucket, to: bucket.to && bucket.to < lastOverdue ? bucket.to : lastOverdue };
}

export function toOutstandingOrder(row: OutstandingRow, today: string): OutstandingOrder {
  const days = daysOverdue({ dueDate: row.dueDate, today });
  return {
    id: row.id,
    number: row.number,
    invoice_number: row.invoiceNumber,
    status: row.status,
    customer: {
      id: row.customerAccountId,
      organisation_id: row.customerOrganisationId,
      name: row.customerName,
    },
    placed_at: row.placedAt.toISOString(),
    due_date: row.dueDate,
    total_cents: row.totalCents,
    paid_cents: row.paidCents,
    outstanding_cents: outstandingCents({ totalCents: row.totalCents, paidCents: row.paidCents }),
    payment_status: orderPaymentStatus({
      totalCents: row.totalCents,
      paidCents: row.paidCents,
      isTracked: row.isPaymentsEnabled,
    }),
    is_overdue: isOverdue({ dueDate: row.dueDate, today }),
    days_overdue: days,
    aging_bucket: agingBucket(days),
  };
}

function csvLine(order: OutstandingOrder, timeZone: string): string {
  return formatCsvRow([
    formatInvoiceNumber(order.invoice_number),
    String(order.number),
    order.customer.name,
    dateInZone(new Date(order.placed_at), timeZone),
    order.due_date,
    formatDollars(order.total_cents),
    formatDollars(order.paid_cents),
    formatDollars(order.outstanding_cents),
    String(order.days_overdue),
    AGING_BUCKET_LABELS[order.aging_bucket],
    ORDER_PAYMENT_STATUS_LABELS[order.payment_status],
  ]);
}

export function createOutstandingService(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;

  /**
   * Whose orders the caller reads, and the merchant's zone: a merchant its own (optionally one
   * customer organisation's); a customer organisation its account with the merchant it names.
   */
  async function scopeOf(actor: OutstandingActor, filters: Filters) {
    if (actor.kind === 'MERCHANT') {
      const scope: OutstandingScope = {
        merchantId: actor.organisationId,
        customerOrganisationId: filters.customer_organisation_id,
      };
      return { scope, timeZone: actor.organisation.timeZone };
    }
    if (!filters.merchant_id) {
      throw new AppError('VALIDATION_ERROR', 'Name the merchant whose invoices to list.', [
        { path: 'querystring.merchant_id', message: 'Required for a customer organisation' },
      ]);
    }
    const account = await findAccountWithMerchant(db, {
      customerOrganisationId: actor.organisationId,
      merchantId: filters.merchant_id,
    });
    if (!account) throw notFound('Merchant');
    const scope: OutstandingScope = { merchantId: filters.merchant_id, customerAccountId: account.accountId };
    return { scope, timeZone: account.timeZone };
  }

  return {
    async list(actor: OutstandingActor, query: ListQuery) {
      const { scope, timeZone } = await scopeOf(actor, query);
      const today = dateInZone(deps.now(), timeZone);
      const { rows, nextCursor } = await listOutstandingRows(db, {
        scope,
        due: dueDatesOf(query, today),
        limit: query.limit,
        cursor: query.cursor,
      });
      return {
        items: rows.map((row) => toOutstandingOrder(row, today)),
        next_cursor: nextCursor,
        as_of: today,
      };
    },

    /**
     * The same orders as CSV, header first, a keyset batch at a time. The first batch is read
     * before this returns, so a failure there is still an ordinary error response.
     */
    async exportCsv(actor: OutstandingActor, filters: Filters): Promise<AsyncIterable<string>> {
      const { scope, timeZone } = await scopeOf(actor, filters);
      const today = dateInZone(deps.now(), timeZone);
      const due = dueDatesOf(filters, today);
      const toLines = (rows: OutstandingRow[]) =>
        rows.map((row) => csvLine(toOutstandingOrder(row, today), timeZone)).join('');
      const first = await listOutstandingRows(db, { scope, due, limit: CSV_BATCH });
      async function* lines() {
        yield formatCsvRow(OUTSTANDING_CSV_COLUMNS) + toLines(first.rows);
        let cursor = first.nextCursor;
        while (cursor) {
          const page = await listOutstandingRows(db, { scope, due, limit: CSV_BATCH, cursor });
          yield toLines(page.rows);
          cursor = page.nextCursor;
        }
      }
      return lines();
    },
  };
}
