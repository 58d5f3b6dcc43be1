import {
  BILLING_PLAN_DETAILS,
  type Billing,
  type BillingInvoice,
  type BillingPlan,
  type BillingStatus,
} from '@tradeport/contract';
import { cardBrandName } from '#lib/card-brand.ts';
import { formatMoney } from '#lib/format.ts';

const SUBSCRIBED: ReadonlySet<BillingStatus> = new Set(['ACTIVE', 'PAST_DUE', 'CANCELLING']);

/**
 * Whether a subscription is running (paid, failing or running out its period): its plan and card
 * are shown; otherwise (a trial, or cancelled and over) the plans are offered.
 */
export function hasSubscription(billing: Pick<Billing, 'status'> | undefined): boolean {
  return billing !== undefined && SUBSCRIBED.has(billing.status);
}

export const STATUS_COLOURS: Record<BillingStatus, string> = {
  TRIAL: 'blue',
  ACTIVE: 'teal',
  PAST_DUE: 'red',
  CANCELLING: 'orange',
  CANCELLED: 'gray',
};

export const INVOICE_STATUSES: Record<BillingInvoice['status'], { label: string; color: string }> = {
  PAID: { label: 'Paid', color: 'teal' },
  OPEN: { label: 'Due', color: 'orange' },
  VOID: { label: 'Void', color: 'gray' },
  UNCOLLECTIBLE: { label: 'Not collected', color: 'red' },
};

/** "$99.00 per month". */
export function planPrice(plan: BillingPlan): string {
  const details = BILLING_PLAN_DETAILS[plan];
  return `${formatMoney(details.amount_cents)} per ${details.interval}`;
}

/** "Visa ending in 4242". */
export function cardLabel(card: NonNullable<Billing['card']>): string {
  return `${cardBrandName(card.brand)} ending in ${card.last4}`;
}
