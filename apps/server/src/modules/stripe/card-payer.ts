import {
  type CardPaymentSetup,
  cardFeeSchedule,
  MAX_CARD_PAYMENT_ORDERS,
  type PayableOrder,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { StripeGateway } from '../../integrations/stripe/stripe-gateway.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import {
  findPayer,
  findNamedOrders,
  listOutstandingOrders,
  type PayableOrderRow,
} from './card-payment.queries.ts';
import { releaseAbandonedPayments } from './card-payment-settlement.ts';
import { findStripeAccount, type StripeAccountRow } from './stripe-accounts.queries.ts';
import { cardPaymentsNotSetUp } from './stripe-settings.service.ts';

// Who pays whom by card, whether they can now, and what they can pay: shared by the customer's
// portal, the merchant taking a card, and a payment link's public page.

export type Payer = {
  merchantId: string;
  customerAccountId: string;
  /** The person paying; null on a payment link's page (nobody signs in). */
  userId: string | null;
  /** A link for one order pays only that order. */
  onlyOrderId?: string | null;
  paymentLinkId?: string | null;
};

export type PayerFacts = NonNullable<Awaited<ReturnType<typeof findPayer>>>;

/** Why a card payment cannot be made now, as the error a write answers (setup reads its words). */
function unavailability(options: {
  stripe: StripeGateway | undefined;
  facts: PayerFacts;
  account: StripeAccountRow | undefined;
}): AppError | undefined {
  if (!options.stripe) return cardPaymentsNotSetUp();
  if (!options.facts.isMerchantPaymentsEnabled) {
    return new AppError(
      'PAYMENTS_NOT_ENABLED',
      `${options.facts.merchantTitle} does not take payments here.`,
    );
  }
  if (!options.account?.isChargesEnabled) {
    return new AppError(
      'CARD_PAYMENTS_NOT_SET_UP',
      `${options.facts.merchantTitle} does not take card payments yet (its Stripe account is not connected or not ready).`,
    );
  }
  if (!options.facts.isTracked) {
    return conflict(
      `${options.facts.merchantTitle} does not track payments for ${options.facts.customerName}.`,
    );
  }
  return undefined;
}

export type PayerContext = {
  facts: PayerFacts;
  account: StripeAccountRow | undefined;
  problem: AppError | undefined;
};

export async function readPayer(
  deps: Pick<AppDeps, 'database' | 'stripe'>,
  payer: Payer,
): Promise<PayerContext> {
  const { db } = deps.database;
  const facts = await findPayer(db, payer);
  if (!facts) throw notFound('Customer');
  const account = await findStripeAccount(db, payer.merchantId);
  return { facts, account, problem: unavailability({ stripe: deps.stripe, facts, account }) };
}

/** The context of a payer who can pay by card now (409 with the reason otherwise). */
export async function readReadyPayer(deps: Pick<AppDeps, 'database' | 'stripe'>, payer: Payer) {
  const context = await readPayer(deps, payer);
  if (context.problem) throw context.problem;
  return { ...context, gateway: deps.stripe!, account: context.account! };
}

/**
 * Frees what abandoned card payments of the payer hold before its orders are offered (best effort:
 * if Stripe cannot be asked now, they stay held and are asked about next time).
 */
export async function releaseHolds(
  deps: Pick<AppDeps, 'database' | 'stripe' | 'jobs' | 'now'>,
  payer: Payer,
  account: StripeAccountRow,
) {
  if (!deps.stripe) return;
  await releaseAbandonedPayments(
    { ...deps, gateway: deps.stripe },
    {
      merchantId: payer.merchantId,
      customerAccountId: payer.customerAccountId,
      accountId: account.stripeAccountId,
    },
  ).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
  });
}

export const payableOf = (row: PayableOrderRow) =>
  Math.max(row.totalCents - row.paidCents - row.pendingCents, 0);

/**
 * The orders a payment would pay, each in full of what it still owes: the named ones (404 for one
 * that is not the payer's, 409 for one with nothing left), or every payable one.
 */
export async function payableOrders(db: Db, payer: Payer, orderIds: readonly string[] | undefined) {
  const named = payer.onlyOrderId ? [payer.onlyOrderId] : orderIds;
  if (!named) {
    const rows = await listOutstandingOrders(db, { ...payer, limit: MAX_CARD_PAYMENT_ORDERS });
    return rows.filter((row) => payableOf(row) > 0);
  }
  const unique = [...new Set(named)];
  const rows = await findNamedOrders(db, { ...payer, orderIds: unique });
  if (rows.length !== unique.length) throw notFound('Order');
  const settled = rows.find((row) => row.status === 'CANCELLED' || payableOf(row) === 0);
  if (settled) {
    throw conflict(
      settled.status === 'CANCELLED'
        ? `Order #${settled.number} is cancelled: it owes nothing.`
        : `Order #${settled.number} has nothing left to pay (paid, or held by a card payment still processing).`,
    );
  }
  return rows;
}

export const toPayableOrder = (row: PayableOrderRow): PayableOrder => ({
  id: row.id,
  number: row.number,
  invoice_number: row.invoiceNumber,
  placed_at: row.placedAt.toISOString(),
  due_date: row.dueDate,
  total_cents: row.totalCents,
  paid_cents: row.paidCents,
  payable_cents: payableOf(row),
});

/** What the pay dialog starts from: whether it can pay, Stripe.js's settings, and the payable orders. */
export async function cardPaymentSetup(
  deps: Pick<AppDeps, 'database' | 'stripe' | 'jobs' | 'now'>,
  payer: Payer,
): Promise<CardPaymentSetup> {
  const { facts, account, problem } = await readPayer(deps, payer);
  if (!problem && account) await releaseHolds(deps, payer, account);
  const rows = problem
    ? []
    : await payableOrders(deps.database.db, payer, undefined).catch((error: unknown) => {
        if (error instanceof AppError) return [];
        throw error;
      });
  const nothingToPay = !problem && rows.length === 0;
  return {
    is_available: !problem && !nothingToPay,
    unavailable_reason: problem?.message ?? (nothingToPay ? 'There is nothing to pay.' : null),
    stripe:
      problem || !deps.stripe || !account
        ? null
        : {
            publishable_key: deps.stripe.stripeJs.publishableKey,
            stripe_account_id: account.stripeAccountId,
            stripe_js_url: deps.stripe.stripeJs.url,
            currency: 'aud',
          },
    merchant: { id: payer.merchantId, title: facts.merchantTitle, image: facts.merchantImage },
    customer: { id: payer.customerAccountId, name: facts.customerName },
    is_fee_passed_on: account?.isFeePassedOn ?? true,
    fees: cardFeeSchedule(),
    orders: rows.map(toPayableOrder),
    payable_cents: rows.reduce((sum, row) => sum + payableOf(row), 0),
  };
}
