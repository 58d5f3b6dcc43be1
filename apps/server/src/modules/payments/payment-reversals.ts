import {
  canVoidPayment,
  formatDollars,
  PAYMENT_STATE_LABELS,
  placeRefund,
  refundableCents,
} from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { queueAccountingSync } from '../accounting/accounting-sync.queue.ts';
import type { LedgerJobs } from './payment-ledger.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import {
  hasRefundWithKey,
  insertRefund,
  listLedgerAllocations,
  type PaymentRow,
  refreshOrdersPaid,
  setAllocationRefunded,
  updatePayment,
} from './payment-ledger.queries.ts';
import {
  lockOverpaymentCredit,
  markCreditVoided,
  returnToCredit,
  takeFromCredit,
} from './credit-ledger.queries.ts';

// Taking a payment back, by the ledger's rules: voiding (as if it never was) and refunding (money
// returned, in full or in part). Both run in the caller's transaction on a payment it has locked.

const notAllowed = (message: string) => new AppError('STATUS_TRANSITION_NOT_ALLOWED', message);

/** "a refunded payment" */
const aPayment = (payment: PaymentRow) => `A ${PAYMENT_STATE_LABELS[payment.state].toLowerCase()} payment`;

/**
 * Voids a locked payment: its allocations stop counting (the orders owe again), an applied
 * credit gets its amount back, and its overpayment credit is voided with it — which must be
 * unspent. A voided payment is answered as it is (`changed: false`).
 */
export async function voidPaymentInTransaction(
  tx: Db,
  options: { jobs: LedgerJobs; payment: PaymentRow; at: Date },
): Promise<{ changed: boolean }> {
  const { payment } = options;
  if (payment.state === 'VOIDED') return { changed: false };
  if (!canVoidPayment(payment)) {
    throw notAllowed(
      payment.state === 'SUCCESSFUL' && payment.method === 'STRIPE_CARD'
        ? 'A card payment taken through Stripe cannot be voided: refund it instead.'
        : payment.state === 'SUCCESSFUL'
          ? 'A payment refunded in part cannot be voided: refund the rest instead.'
          : `${aPayment(payment)} cannot be voided.`,
    );
  }
  const credit = await lockOverpaymentCredit(tx, payment);
  if (credit && !credit.voidedAt) {
    if (credit.remainingCents < credit.amountCents) {
      throw conflict(
        `Credit #${credit.number}, which this payment left over, has been applied: void those applications first.`,
      );
    }
    await markCreditVoided(tx, { creditId: credit.id, at: options.at });
  }
  // An application is recorded SUCCESSFUL, having taken its amount from the credit: give it back.
  if (payment.method === 'ACCOUNT_CREDIT' && payment.creditId) {
    await returnToCredit(tx, {
      merchantId: payment.merchantId,
      creditId: payment.creditId,
      cents: payment.amountCents,
    });
  }
  await updatePayment(tx, { paymentId: payment.id, set: { state: 'VOIDED', voidedAt: options.at } });
  const allocations = await listLedgerAllocations(tx, payment);
  await refreshOrdersPaid(
    tx,
    allocations.map((allocation) => allocation.orderId),
  );
  await paymentToBooks(tx, options);
  return { changed: true };
}

/**
 * Refunds part or all of a locked SUCCESSFUL payment: first from what its overpayment credit has
 * left, then from its allocations, the newest orders first (those orders owe again). Refunded in
 * full, it becomes REFUNDED. The same key for the same payment is answered as it was
 * (`changed: false`).
 */
export async function refundPaymentInTransaction(
  tx: Db,
  options: {
    jobs: LedgerJobs;
    payment: PaymentRow;
    amountCents: number;
    reason: string | null;
    idempotencyKey: string | null;
    refundedByUserId: string | null;
    /** A refund made through Stripe, by its id. */
    stripeRefundId?: string | null;
  },
): Promise<{ changed: boolean }> {
  const { payment } = options;
  const key = options.idempotencyKey;
  if (key && (await hasRefundWithKey(tx, { paymentId: payment.id, key }))) return { changed: false };
  if (payment.method === 'ACCOUNT_CREDIT') {
    throw notAllowed('An applied credit is not refunded: void the payment and the credit gets it back.');
  }
  if (payment.state !== 'SUCCESSFUL') {
    throw notAllowed(
      payment.state === 'REFUNDED'
        ? 'This payment has been refunded in full already.'
        : `${aPayment(payment)} cannot be refunded.`,
    );
  }
  const refundable = refundableCents(payment);
  if (options.amountCents > refundable) {
    const message = `At most $${formatDollars(refundable, { grouping: true })} of this payment can still be refunded.`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'body.amount_cents', message }]);
  }
  const credit = await lockOverpaymentCredit(tx, payment);
  const allocations = await listLedgerAllocations(tx, payment);
  const placed = placeRefund({
    refundCents: options.amountCents,
    creditRemainingCents: credit && !credit.voidedAt ? credit.remainingCents : 0,
    allocations,
  });
  // Amount = allocated + credited; what is not refunded of either is what the refund may take.
  if (placed.unplaced > 0) throw conflict('This payment has no more left to refund.');
  if (credit && placed.fromCreditCents > 0) {
    await takeFromCredit(tx, {
      merchantId: payment.merchantId,
      creditId: credit.id,
      cents: placed.fromCreditCents,
    });
  }
  await setAllocationRefunded(tx, placed.allocations);
  const refundId = await insertRefund(tx, {
    merchantId: payment.merchantId,
    paymentId: payment.id,
    amountCents: options.amountCents,
    reason: options.reason,
    idempotencyKey: key,
    stripeRefundId: options.stripeRefundId ?? null,
    refundedByUserId: options.refundedByUserId,
  });
  // The payment is locked, so a concurrent refund with this key would have been seen above.
  if (!refundId) throw new Error('A refund with this key appeared while the payment was locked');
  const refundedCents = payment.refundedCents + options.amountCents;
  await updatePayment(tx, {
    paymentId: payment.id,
    set: { refundedCents, ...(refundedCents === payment.amountCents ? { state: 'REFUNDED' as const } : {}) },
  });
  await refreshOrdersPaid(
    tx,
    placed.allocations.map((allocation) => allocations.find((a) => a.id === allocation.id)!.orderId),
  );
  await paymentToBooks(tx, options);
  return { changed: true };
}

/** The merchant's accounting books take the payment back out (in full, or what was refunded). */
function paymentToBooks(tx: Db, options: { jobs: LedgerJobs; payment: PaymentRow }) {
  return queueAccountingSync(tx, {
    jobs: options.jobs,
    merchantId: options.payment.merchantId,
    kind: 'PAYMENT',
    sourceIds: [options.payment.id],
  });
}
