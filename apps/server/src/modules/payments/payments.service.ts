import {
  MIN_SEARCH_CHARS,
  type OrderPayments,
  orderPaymentStatus,
  outstandingCents,
  type Payment,
  PAYMENT_NUMBER_SEARCH,
  type PaymentListQuery,
  type PaymentSearchQuery,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { notFound } from '../../platform/errors.ts';
import type { MemberActor } from '../../platform/tenancy/access.ts';
import { byPayment, type PaymentViewer, toPayment, toPaymentSummary } from './payment-view.ts';
import {
  findOrderForPayments,
  findPaymentDetails,
  findPaymentRow,
  listAllocationsOf,
  listOrderPaymentRows,
  listPaymentRows,
  type PaymentScope,
  type PaymentSearch,
  type PaymentSummaryRow,
} from './payments.queries.ts';

// Reading payments: the list and search of `payments/organisation/{id}`, one payment, and one
// order's payments.

type ListQuery = z.output<typeof PaymentListQuery>;
type SearchQuery = z.output<typeof PaymentSearchQuery>;

/** A merchant sees all its payments; a customer organisation its own, with any merchant or one. */
export function paymentScopeOf(actor: MemberActor, merchantId?: string): PaymentScope {
  if (actor.kind === 'MERCHANT') return { kind: 'MERCHANT', merchantId: actor.organisationId };
  return { kind: 'CUSTOMER', customerOrganisationId: actor.organisationId, merchantId };
}

/** A search term as what it looks for: digits are also a payment number; text needs 2+ characters. */
function toPaymentSearch(term: string): PaymentSearch {
  const digits = PAYMENT_NUMBER_SEARCH.exec(term)?.[1];
  const text = (digits ?? term).toLowerCase();
  return {
    number: digits === undefined ? undefined : Number(digits),
    pattern: text.length >= MIN_SEARCH_CHARS ? containsPattern(text) : undefined,
  };
}

async function summaries(db: Db, rows: PaymentSummaryRow[]) {
  const allocations = byPayment(
    await listAllocationsOf(
      db,
      rows.map((row) => row.payment.id),
    ),
  );
  return rows.map((row) => toPaymentSummary(row, allocations.get(row.payment.id) ?? []));
}

/** One payment whole, as `viewer` sees it; undefined when it is not in the scope. */
export async function readPayment(
  db: Db,
  options: { scope: PaymentScope; id: string; viewer: PaymentViewer },
): Promise<Payment | undefined> {
  const row = await findPaymentRow(db, { scope: options.scope, id: options.id });
  if (!row) return undefined;
  const [allocations, details] = await Promise.all([
    listAllocationsOf(db, [row.payment.id]),
    findPaymentDetails(db, row.payment),
  ]);
  return toPayment({ row, allocations, details, viewer: options.viewer });
}

export function createPaymentsService(deps: Pick<AppDeps, 'database'>) {
  const { db } = deps.database;

  async function page(actor: MemberActor, query: ListQuery, q?: string) {
    const { rows, nextCursor } = await listPaymentRows(db, {
      scope: paymentScopeOf(actor, query.merchant_id),
      filters: {
        method: query.method,
        state: query.state,
        customerOrganisationId: query.customer_organisation_id,
        paidFrom: query.paid_from,
        paidTo: query.paid_to,
      },
      search: q ? toPaymentSearch(q) : undefined,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { items: await summaries(db, rows), next_cursor: nextCursor };
  }

  return {
    list: (actor: MemberActor, query: ListQuery) => page(actor, query),

    search: (actor: MemberActor, query: SearchQuery) => page(actor, query, query.q),

    async get(actor: MemberActor, id: string): Promise<Payment> {
      const payment = await readPayment(db, { scope: paymentScopeOf(actor), id, viewer: actor.kind });
      if (!payment) throw notFound('Payment');
      return payment;
    },

    /** An order's payments, for a member of its merchant or of its customer organisation. */
    async forOrder(actor: MemberActor, orderId: string): Promise<OrderPayments> {
      const order = await findOrderForPayments(db, {
        orderId,
        scope: { kind: actor.kind, organisationId: actor.organisationId },
      });
      if (!order) throw notFound('Order');
      const rows = await listOrderPaymentRows(db, { orderId, merchantId: order.merchantId });
      return {
        order_id: order.id,
        total_cents: order.totalCents,
        paid_cents: order.paidCents,
        outstanding_cents: outstandingCents({
          totalCents: order.totalCents,
          paidCents: order.paidCents,
          isCancelled: order.status === 'CANCELLED',
        }),
        payment_status: orderPaymentStatus({
          totalCents: order.totalCents,
          paidCents: order.paidCents,
          isTracked: order.isTracked,
        }),
        payments: await summaries(db, rows),
      };
    },
  };
}
