import { canVoidCredit, type Credit, type CreditSummary, creditStatus } from '@tradeport/contract';
import type { CreditDetails, CreditSummaryRow } from './credits.queries.ts';

// Credits as the contract shows them, from the rows the queries read.

const factsOf = (credit: CreditSummaryRow['credit']) => ({
  source: credit.source,
  amountCents: credit.amountCents,
  remainingCents: credit.remainingCents,
  isVoided: credit.voidedAt !== null,
});

export function toCreditSummary(row: CreditSummaryRow): CreditSummary {
  const { credit } = row;
  return {
    id: credit.id,
    number: credit.number,
    merchant: { id: credit.merchantId, title: row.merchantTitle },
    customer: { organisation_id: row.customerOrganisationId, name: row.customerName },
    source: credit.source,
    status: creditStatus(factsOf(credit)),
    reason: credit.reason,
    amount_cents: credit.amountCents,
    gst_cents: credit.gstCents,
    remaining_cents: credit.remainingCents,
    order: row.order
      ? { id: row.order.id, number: row.order.number, invoice_number: row.order.invoiceNumber }
      : null,
    payment:
      credit.paymentId && row.paymentNumber !== null
        ? { id: credit.paymentId, number: row.paymentNumber }
        : null,
    created_at: credit.createdAt.toISOString(),
    voided_at: credit.voidedAt?.toISOString() ?? null,
  };
}

export function toCredit(options: {
  row: CreditSummaryRow;
  details: CreditDetails;
  viewer: 'MERCHANT' | 'CUSTOMER';
}): Credit {
  const { row, details } = options;
  return {
    ...toCreditSummary(row),
    lines: details.lines.map((line) => ({
      product_id: line.productId,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unit_price_cents: line.unitPriceCents,
      gst_rate_basis_points: line.gstRateBasisPoints,
      subtotal_cents: line.subtotalCents,
      gst_cents: line.gstCents,
    })),
    applications: details.applications.map((application) => ({
      payment_id: application.id,
      payment_number: application.number,
      state: application.state,
      amount_cents: application.amountCents,
      paid_on: application.paidOn,
      orders: details.paid
        .filter((allocation) => allocation.paymentId === application.id)
        .map((allocation) => ({
          id: allocation.orderId,
          number: allocation.orderNumber,
          amount_cents: allocation.amountCents,
        })),
    })),
    created_by_name: details.createdByName,
    version: row.credit.version,
    can_void: options.viewer === 'MERCHANT' && canVoidCredit(factsOf(row.credit)),
  };
}
