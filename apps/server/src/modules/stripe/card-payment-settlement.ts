import type { AppDeps } from '../../app-deps.ts';
import type { PaymentIntentOutcome, StripeGateway } from '../../integrations/stripe/stripe-gateway.ts';
import type { Db } from '../../platform/db/client.ts';
import { type LedgerJobs, settleCardPayment } from '../payments/payment-ledger.ts';
import { lockPayment } from '../payments/payment-ledger.queries.ts';
import { refundPaymentInTransaction } from '../payments/payment-reversals.ts';
import {
  listLingeringCardPayments,
  lockCardPaymentState,
  setPaymentIntentId,
} from './card-payment.queries.ts';

// Stripe's word on a card payment, applied through the ledger: from the pay call's answer, a
// webhook, or a retried request, whichever comes first. Each is idempotent and only ever moves a
// payment forward, so the order they arrive in does not matter.

type Jobs = AppDeps['jobs'];

/** Settles a PROCESSING card payment as its PaymentIntent now stands; a settled one stays as it is. */
export async function applyIntentOutcome(
  tx: Db,
  options: { jobs: Jobs; paymentId: string; outcome: PaymentIntentOutcome },
): Promise<void> {
  const { outcome } = options;
  if (outcome.id) await setPaymentIntentId(tx, { paymentId: options.paymentId, paymentIntentId: outcome.id });
  if (outcome.status !== 'SUCCEEDED' && outcome.status !== 'FAILED') return;
  const state = await lockCardPaymentState(tx, options.paymentId);
  // Settled already (by the other of the pay call and the webhook), or refunded since: Stripe's
  // word then changes nothing.
  if (state !== 'PROCESSING' && state !== 'UPCOMING') return;
  await settleCardPayment(tx, {
    jobs: options.jobs,
    paymentId: options.paymentId,
    state: outcome.status === 'SUCCEEDED' ? 'SUCCESSFUL' : 'FAILED',
    failureMessage: outcome.failureMessage,
  });
}

/**
 * Records what Stripe has refunded of a card payment's charge (`amountRefunded`, Stripe's running
 * total, surcharge included). The documents are refunded before the surcharge, so the ledger's
 * refunded amount is the running total up to the payment's amount; only an increase is recorded,
 * so a late or repeated event records nothing twice.
 */
export async function recordStripeRefund(
  tx: Db,
  options: { jobs: LedgerJobs; paymentId: string; chargeId: string; amountRefunded: number },
): Promise<void> {
  const payment = await lockPayment(tx, { paymentId: options.paymentId });
  if (!payment || payment.state !== 'SUCCESSFUL') return;
  const target = Math.min(options.amountRefunded, payment.amountCents);
  const cents = target - payment.refundedCents;
  if (cents <= 0) return;
  await refundPaymentInTransaction(tx, {
    jobs: options.jobs,
    payment,
    amountCents: cents,
    reason: 'Refunded in Stripe',
    idempotencyKey: `stripe:${options.chargeId}:${target}`,
    refundedByUserId: null,
    stripeRefundId: null,
  });
}

/** How long a payer has to finish their bank's authentication before the payment is let go. */
export const ABANDONED_AFTER_MINUTES = 30;

/**
 * Lets go of a payer's card payments left waiting for authentication for longer than
 * ABANDONED_AFTER_MINUTES: each PaymentIntent is cancelled at Stripe (or settled, if it succeeded
 * after all) so the orders it held can be paid again. Run before a payer's orders are offered.
 */
export async function releaseAbandonedPayments(
  deps: Pick<AppDeps, 'database' | 'jobs' | 'now'> & { gateway: StripeGateway },
  options: { merchantId: string; customerAccountId: string; accountId: string },
): Promise<void> {
  const { db } = deps.database;
  const lingering = await listLingeringCardPayments(db, {
    ...options,
    before: new Date(deps.now().getTime() - ABANDONED_AFTER_MINUTES * 60_000),
    limit: 5,
  });
  for (const payment of lingering) {
    const intentId = payment.stripePaymentIntentId!;
    const current = await deps.gateway.retrievePaymentIntent({ accountId: options.accountId, id: intentId });
    const outcome =
      current.status === 'REQUIRES_ACTION'
        ? await deps.gateway.cancelPaymentIntent({ accountId: options.accountId, id: intentId })
        : current;
    await db.transaction((tx) => applyIntentOutcome(tx, { jobs: deps.jobs, paymentId: payment.id, outcome }));
  }
}
