import { createHash } from 'node:crypto';
import {
  type CardPaymentResult,
  type CardQuote,
  cardRegion,
  cardSurcharge,
  cardSurchargeLine,
  dateInZone,
  formatDollars,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { CardPreview, PaymentIntentOutcome } from '../../integrations/stripe/stripe-gateway.ts';
import { conflict } from '../../platform/errors.ts';
import { recordPayment } from '../payments/payment-ledger.ts';
import { applyIntentOutcome } from './card-payment-settlement.ts';
import {
  type CardPaymentRow,
  findCardPayment,
  findCardPaymentByKey,
  listPaymentOrders,
} from './card-payment.queries.ts';
import { type Payer, payableOf, payableOrders, readReadyPayer, releaseHolds } from './card-payer.ts';

// Paying orders by card (card-payments.ts in the contract): a quote from the card's
// ConfirmationToken, then the payment. The payment is recorded PROCESSING first, with its
// allocations (which hold the orders from any other payment), then charged on the merchant's
// connected account with a Stripe idempotency key derived from the request's key, then settled by
// Stripe's answer or its webhook, whichever comes first. A retry with the same key finds the
// payment and carries on from where it stands: one key, one PaymentIntent, one payment.

type Deps = Pick<AppDeps, 'database' | 'stripe' | 'jobs' | 'now'>;

export type PayInput = { orderIds?: string[]; confirmationToken: string; expectedTotalCents: number };

/** The ledger's key: the request's, within the payer (another customer's key is another payment). */
const ledgerKeyOf = (payer: Payer, key: string) => `card:${payer.customerAccountId}:${key}`;

/** Stripe's idempotency key, derived from ours: a retry reaches the same PaymentIntent. */
const stripeKeyOf = (merchantId: string, ledgerKey: string) =>
  `tradeport-card-${createHash('sha256').update(`${merchantId}:${ledgerKey}`).digest('hex')}`;

const cardOf = (card: Pick<CardPreview, 'brand' | 'last4' | 'country'>) => ({
  brand: card.brand,
  last4: card.last4,
  country: card.country,
  region: cardRegion(card.country),
});

export function createCardPaymentsService(deps: Deps) {
  const { db } = deps.database;

  async function priced(payer: Payer, input: { orderIds?: string[]; confirmationToken: string }) {
    const ready = await readReadyPayer(deps, payer);
    await releaseHolds(deps, payer, ready.account);
    const rows = await payableOrders(db, payer, input.orderIds);
    if (rows.length === 0) throw conflict('There is nothing to pay.');
    // Read before anything is charged: the card's issuing country decides the surcharge.
    const card = await ready.gateway.previewCard({
      accountId: ready.account.stripeAccountId,
      confirmationToken: input.confirmationToken,
    });
    const amountCents = rows.reduce((sum, row) => sum + payableOf(row), 0);
    const surchargeInput = {
      amountCents,
      cardCountry: card.country,
      isFeePassedOn: ready.account.isFeePassedOn,
    };
    const surchargeCents = cardSurcharge(surchargeInput);
    const quote: CardQuote = {
      card: cardOf(card),
      orders: rows.map((row) => ({ id: row.id, number: row.number, amount_cents: payableOf(row) })),
      amount_cents: amountCents,
      surcharge: cardSurchargeLine(surchargeInput),
      surcharge_cents: surchargeCents,
      total_cents: amountCents + surchargeCents,
    };
    return { ready, card, quote };
  }

  async function answer(payment: CardPaymentRow, outcome?: PaymentIntentOutcome): Promise<CardPaymentResult> {
    const current = (await findCardPayment(db, payment.id)) ?? payment;
    const orders = await listPaymentOrders(db, payment.id);
    return {
      payment_id: current.id,
      number: current.number,
      state: current.state,
      card: cardOf({ brand: current.cardBrand, last4: current.cardLast4, country: current.cardCountry }),
      orders: orders.map((order) => ({
        id: order.id,
        number: order.number,
        amount_cents: order.amountCents,
      })),
      amount_cents: current.amountCents,
      surcharge_cents: current.surchargeCents,
      total_cents: current.amountCents + current.surchargeCents,
      failure_message: current.failureMessage,
      client_secret:
        current.state === 'PROCESSING' && outcome?.status === 'REQUIRES_ACTION' ? outcome.clientSecret : null,
    };
  }

  /** Charges a recorded card payment (or reaches its PaymentIntent again) and applies Stripe's answer. */
  async function charge(options: {
    payment: CardPaymentRow;
    accountId: string;
    ledgerKey: string;
    confirmationToken: string;
    description: string;
    paymentLinkId?: string | null;
  }): Promise<PaymentIntentOutcome> {
    const { payment } = options;
    const outcome = await deps.stripe!.charge({
      accountId: options.accountId,
      amountCents: payment.amountCents + payment.surchargeCents,
      confirmationToken: options.confirmationToken,
      idempotencyKey: stripeKeyOf(payment.merchantId, options.ledgerKey),
      description: options.description,
      metadata: {
        tradeport_payment_id: payment.id,
        tradeport_payment_number: String(payment.number),
        tradeport_customer_account_id: payment.customerAccountId,
        ...(options.paymentLinkId ? { tradeport_payment_link_id: options.paymentLinkId } : {}),
      },
    });
    await db.transaction((tx) => applyIntentOutcome(tx, { jobs: deps.jobs, paymentId: payment.id, outcome }));
    return outcome;
  }

  /** A payment this key recorded before: carried on from where it stands, and answered. */
  async function resume(
    payment: CardPaymentRow,
    options: { payer: Payer; key: string; confirmationToken: string },
  ) {
    if (payment.state !== 'PROCESSING') return answer(payment);
    const ready = await readReadyPayer(deps, options.payer);
    const accountId = ready.account.stripeAccountId;
    if (!payment.stripePaymentIntentId) {
      // The first attempt stopped before Stripe answered it: ask again with the same Stripe key.
      const outcome = await charge({
        payment,
        accountId,
        ledgerKey: ledgerKeyOf(options.payer, options.key),
        confirmationToken: options.confirmationToken,
        description: await describe(ready.facts.merchantTitle, payment.id),
        paymentLinkId: options.payer.paymentLinkId,
      });
      return answer(payment, outcome);
    }
    const outcome = await ready.gateway.retrievePaymentIntent({
      accountId,
      id: payment.stripePaymentIntentId,
    });
    await db.transaction((tx) => applyIntentOutcome(tx, { jobs: deps.jobs, paymentId: payment.id, outcome }));
    return answer(payment, outcome);
  }

  async function describe(merchantTitle: string, paymentId: string) {
    const numbers = (await listPaymentOrders(db, paymentId)).map((order) => `#${order.number}`);
    return `${merchantTitle}: order${numbers.length === 1 ? '' : 's'} ${numbers.join(', ')}`.slice(0, 350);
  }

  return {
    async quote(payer: Payer, input: { orderIds?: string[]; confirmationToken: string }): Promise<CardQuote> {
      return (await priced(payer, input)).quote;
    },

    async pay(
      payer: Payer,
      input: PayInput,
      key: string,
    ): Promise<{ result: CardPaymentResult; isReplay: boolean }> {
      const ledgerKey = ledgerKeyOf(payer, key);
      const replayed = await findCardPaymentByKey(db, { merchantId: payer.merchantId, key: ledgerKey });
      if (replayed) {
        return {
          result: await resume(replayed, { payer, key, confirmationToken: input.confirmationToken }),
          isReplay: true,
        };
      }
      let prepared: Awaited<ReturnType<typeof priced>>;
      try {
        prepared = await priced(payer, input);
      } catch (error) {
        // A request with this key may have recorded and charged meanwhile (spending the card's
        // token, holding the orders): then this one is its replay, not a refusal.
        const winner = await findCardPaymentByKey(db, { merchantId: payer.merchantId, key: ledgerKey });
        if (!winner) throw error;
        return {
          result: await resume(winner, { payer, key, confirmationToken: input.confirmationToken }),
          isReplay: true,
        };
      }
      const { ready, card, quote } = prepared;
      if (quote.total_cents !== input.expectedTotalCents) {
        throw conflict(
          `The total is now $${formatDollars(quote.total_cents, { grouping: true })}, not $${formatDollars(input.expectedTotalCents, { grouping: true })}: check the amount and pay again.`,
        );
      }
      const recorded = await recordPayment(db, {
        jobs: deps.jobs,
        merchantId: payer.merchantId,
        customerAccountId: payer.customerAccountId,
        method: 'STRIPE_CARD',
        state: 'PROCESSING',
        amountCents: quote.amount_cents,
        surchargeCents: quote.surcharge_cents,
        paidOn: dateInZone(deps.now(), ready.facts.timeZone),
        idempotencyKey: ledgerKey,
        recordedByUserId: payer.userId,
        allocations: quote.orders.map((order) => ({ orderId: order.id, amountCents: order.amount_cents })),
        card,
        paymentLinkId: payer.paymentLinkId ?? null,
        allocationsPath: 'order_ids',
      });
      const payment = (await findCardPayment(db, recorded.paymentId))!;
      if (recorded.isReplay) {
        return {
          result: await resume(payment, { payer, key, confirmationToken: input.confirmationToken }),
          isReplay: true,
        };
      }
      const outcome = await charge({
        payment,
        accountId: ready.account.stripeAccountId,
        ledgerKey,
        confirmationToken: input.confirmationToken,
        description: await describe(ready.facts.merchantTitle, payment.id),
        paymentLinkId: payer.paymentLinkId,
      });
      return { result: await answer(payment, outcome), isReplay: false };
    },
  };
}

export type CardPaymentsService = ReturnType<typeof createCardPaymentsService>;
