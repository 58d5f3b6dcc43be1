import type { AppDeps } from '../../app-deps.ts';
import type { StripeEvent } from '../../integrations/stripe/stripe-gateway.ts';
import { applyIntentOutcome, recordStripeRefund } from './card-payment-settlement.ts';
import { type CardPaymentRow, findCardPayment, findCardPaymentByIntent } from './card-payment.queries.ts';
import { findStripeAccount } from './stripe-accounts.queries.ts';
import type { EventPreparer } from './stripe-webhooks.service.ts';

// Card payments' webhooks: a PaymentIntent's events settle its payment from the PaymentIntent as it
// stands now (read from Stripe, so the order events arrive in does not matter), and a refund made in
// Stripe is recorded in the ledger. Events about payments Tradeport did not make are ignored.

type Deps = Pick<AppDeps, 'database' | 'stripe' | 'jobs'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type IntentSnapshot = { id: string; metadata?: Record<string, string> | null };

/**
 * The card payment a PaymentIntent is for: by its id, or, when the pay call never heard back from
 * Stripe, by the payment id we put in its metadata — then only from the merchant's own connected
 * account and for exactly the payment's total, so no other account can settle our payment.
 */
async function paymentOf(deps: Deps, event: StripeEvent, intent: IntentSnapshot) {
  const { db } = deps.database;
  const byIntent = await findCardPaymentByIntent(db, intent.id);
  if (byIntent) return { payment: byIntent, isVouched: true };
  const paymentId = intent.metadata?.tradeport_payment_id;
  if (!paymentId || !UUID.test(paymentId)) return undefined;
  const payment = await findCardPayment(db, paymentId);
  if (!payment || payment.stripePaymentIntentId) return undefined;
  const account = await findStripeAccount(db, payment.merchantId);
  if (!account || account.stripeAccountId !== event.account) return undefined;
  return { payment, isVouched: false };
}

const totalOf = (payment: CardPaymentRow) => payment.amountCents + payment.surchargeCents;

export function cardPaymentEventPreparers(deps: Deps): Record<string, EventPreparer> {
  const onIntent: EventPreparer = async (event) => {
    const intent = event.data.object as IntentSnapshot;
    const found = await paymentOf(deps, event, intent);
    if (!found || !event.account || !deps.stripe) return undefined;
    const current = await deps.stripe.retrievePaymentIntent({ accountId: event.account, id: intent.id });
    if (!found.isVouched && current.amountCents !== totalOf(found.payment)) return undefined;
    return (tx) => applyIntentOutcome(tx, { jobs: deps.jobs, paymentId: found.payment.id, outcome: current });
  };

  const onRefund: EventPreparer = async (event) => {
    const charge = event.data.object as {
      id: string;
      payment_intent?: string | null;
      amount_refunded?: number;
    };
    if (!charge.payment_intent || !event.account || !deps.stripe) return undefined;
    const payment = await findCardPaymentByIntent(deps.database.db, charge.payment_intent);
    if (!payment) return undefined;
    // A refund is only of money taken: settle the payment first if its success is still on its way.
    const current =
      payment.state === 'PROCESSING'
        ? await deps.stripe.retrievePaymentIntent({ accountId: event.account, id: charge.payment_intent })
        : undefined;
    return async (tx) => {
      if (current) await applyIntentOutcome(tx, { jobs: deps.jobs, paymentId: payment.id, outcome: current });
      await recordStripeRefund(tx, {
        jobs: deps.jobs,
        paymentId: payment.id,
        chargeId: charge.id,
        amountRefunded: charge.amount_refunded ?? 0,
      });
    };
  };

  return {
    'payment_intent.succeeded': onIntent,
    'payment_intent.payment_failed': onIntent,
    'payment_intent.processing': onIntent,
    'payment_intent.canceled': onIntent,
    'charge.refunded': onRefund,
  };
}
