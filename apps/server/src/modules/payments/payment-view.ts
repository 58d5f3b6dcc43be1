import {
  allocatedCents,
  canVoidPayment,
  type Payment,
  type PaymentSummary,
  refundableCents,
  settlableStates,
} from '@tradeport/contract';
import type { AllocationRow, PaymentDetails, PaymentSummaryRow } from './payments.queries.ts';

// Payments as the contract shows them, from the rows the queries read.

/** Which side of the payment the caller is on: the merchant runs it, the customer reads it. */
export type PaymentViewer = 'MERCHANT' | 'CUSTOMER';

/** Allocation rows grouped by their payment. */
export function byPayment(allocations: readonly AllocationRow[]): Map<string, AllocationRow[]> {
  const grouped = new Map<string, AllocationRow[]>();
  for (const allocation of allocations) {
    grouped.set(allocation.paymentId, [...(grouped.get(allocation.paymentId) ?? []), allocation]);
  }
  return grouped;
}

export function toPaymentSummary(
  row: PaymentSummaryRow,
  allocations: readonly AllocationRow[],
): PaymentSummary {
  const { payment } = row;
  return {
    id: payment.id,
    number: payment.number,
    merchant: { id: payment.merchantId, title: row.merchantTitle },
    customer: { organisation_id: row.customerOrganisationId, name: row.customerName },
    method: payment.method,
    state: payment.state,
    amount_cents: payment.amountCents,
    surcharge_cents: payment.surchargeCents,
    refunded_cents: payment.refundedCents,
    unallocated_cents: payment.amountCents - allocatedCents(allocations),
    paid_on: payment.paidOn,
    reference: payment.reference,
    created_at: payment.createdAt.toISOString(),
    allocations: allocations.map((allocation) => ({
      order_id: allocation.orderId,
      order_number: allocation.orderNumber,
      invoice_number: allocation.invoiceNumber,
      amount_cents: allocation.amountCents,
      refunded_cents: allocation.refundedCents,
    })),
  };
}

const creditRef = (credit: PaymentDetails['applied']) =>
  credit
    ? {
        id: credit.id,
        number: credit.number,
        amount_cents: credit.amountCents,
        remaining_cents: credit.remainingCents,
      }
    : null;

export function toPayment(options: {
  row: PaymentSummaryRow;
  allocations: readonly AllocationRow[];
  details: PaymentDetails;
  viewer: PaymentViewer;
}): Payment {
  const { row, details } = options;
  const { payment } = row;
  const isMerchant = options.viewer === 'MERCHANT';
  const hasCard = payment.cardBrand !== null || payment.cardLast4 !== null || payment.cardCountry !== null;
  return {
    ...toPaymentSummary(row, options.allocations),
    notes: payment.notes,
    recorded_by_name: details.recordedByName,
    applied_credit: creditRef(details.applied),
    overpayment_credit: creditRef(details.overpayment),
    refunds: details.refunds.map(({ refund, byName }) => ({
      id: refund.id,
      amount_cents: refund.amountCents,
      reason: refund.reason,
      refunded_by_name: byName,
      created_at: refund.createdAt.toISOString(),
    })),
    card: hasCard
      ? { brand: payment.cardBrand, last4: payment.cardLast4, country: payment.cardCountry }
      : null,
    failure_message: payment.failureMessage,
    voided_at: payment.voidedAt?.toISOString() ?? null,
    version: payment.version,
    can_void: isMerchant && canVoidPayment(payment),
    refundable_cents: isMerchant ? refundableCents(payment) : 0,
    allowed_states: isMerchant ? settlableStates(payment) : [],
  };
}
