import { BILLING_PLANS, BILLING_STATUSES } from '@tradeport/contract';
import { boolean, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { merchantId } from './merchant-columns.ts';

// The merchant's own subscription to Tradeport (issue 12), billed through Stripe on Tradeport's
// account. The organisation's trial_end, payment_failed_date and deactivate_date follow it; the
// billing module keeps both in one transaction, from Stripe's events (modules/billing).

export const billingPlan = pgEnum('billing_plan', BILLING_PLANS);
export const billingStatus = pgEnum('billing_status', BILLING_STATUSES);

/** One a merchant: its Stripe customer from the first Checkout, and its current subscription. */
export const merchantSubscriptions = pgTable('merchant_subscriptions', {
  merchantId: merchantId().primaryKey(),
  stripeCustomerId: text().notNull().unique(),
  /** Null until Checkout completes; a new Checkout after one ended replaces it. */
  stripeSubscriptionId: text().unique(),
  plan: billingPlan(),
  /** Ours, from Stripe's status and cancel_at_period_end (TRIAL until a subscription starts). */
  status: billingStatus().notNull().default('TRIAL'),
  /** Stripe's own word for it (active, past_due, canceled…), as last read. */
  stripeStatus: text(),
  currentPeriodEnd: instant(),
  isCancelAtPeriodEnd: boolean().notNull().default(false),
  endedAt: instant(),
  cardBrand: text(),
  cardLast4: text(),
  /**
   * When the subscription was last read from Stripe: a read older than the one stored (a slow
   * event that raced a newer one) is not applied, so state never moves backwards.
   */
  syncedAt: instant(),
  version: integer().notNull().default(1),
  ...timestamps,
});
