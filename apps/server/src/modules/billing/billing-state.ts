import { BILLING_GRACE_DAYS, type BillingPlan, type BillingStatus } from '@tradeport/contract';
import type { SubscriptionState } from '../../integrations/stripe/stripe-billing-gateway.ts';

// The contract's billing rules (packages/contract/src/billing.ts) as one pure function: a
// subscription as Stripe has it now → the merchant's stored subscription and its organisation's
// trial_end, payment_failed_date and deactivate_date.
// - Paying (active, or cancelling at the period's end): all three cleared.
// - Past due (a renewal failed): payment_failed_date the first failure's time, kept however many
//   retries fail; deactivate_date BILLING_GRACE_DAYS after it. The next paid invoice makes the
//   subscription active, which clears both at once.
// - Ended: deactivate_date when it ended.
// Each event is applied by reading the subscription's current state from Stripe, so the order
// events arrive in does not matter; a read older than the one stored, or news of a subscription
// the merchant has since replaced, changes nothing.

const DAY_MS = 24 * 60 * 60 * 1000;

export type OrganisationBillingDates = {
  trialEnd: Date | null;
  paymentFailedDate: Date | null;
  deactivateDate: Date | null;
};

export type StoredSubscription = {
  stripeSubscriptionId: string | null;
  plan: BillingPlan | null;
  status: BillingStatus;
  stripeStatus: string | null;
  currentPeriodEnd: Date | null;
  isCancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  cardBrand: string | null;
  cardLast4: string | null;
  syncedAt: Date | null;
};

/** A subscription that is running (paid, or being paid): a second Checkout would bill twice. */
export const LIVE_STATUSES: readonly BillingStatus[] = ['ACTIVE', 'PAST_DUE', 'CANCELLING'];

/**
 * Ours from Stripe's; undefined for a status we do not know (nothing changes on it). A
 * subscription whose first payment never completed (incomplete, incomplete_expired) never
 * started: the trial goes on.
 */
export function billingStatusOf(
  stripeStatus: string,
  isCancelAtPeriodEnd: boolean,
): BillingStatus | undefined {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return isCancelAtPeriodEnd ? 'CANCELLING' : 'ACTIVE';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'PAST_DUE';
    case 'canceled':
      return 'CANCELLED';
    case 'incomplete':
    case 'incomplete_expired':
      return 'TRIAL';
    default:
      return undefined;
  }
}

/** The plan a subscription is on: its price's interval, else what Checkout was asked for. */
export function planOf(subscription: Pick<SubscriptionState, 'interval' | 'metadata'>): BillingPlan | null {
  if (subscription.interval === 'month') return 'MONTHLY';
  if (subscription.interval === 'year') return 'YEARLY';
  const asked = subscription.metadata.tradeport_plan;
  return asked === 'MONTHLY' || asked === 'YEARLY' ? asked : null;
}

const earlier = (a: Date | null, b: Date) => (a && a.getTime() <= b.getTime() ? a : b);

function datesFor(
  status: BillingStatus,
  organisation: OrganisationBillingDates,
  subscription: SubscriptionState,
  at: Date,
): OrganisationBillingDates {
  switch (status) {
    case 'ACTIVE':
    case 'CANCELLING':
      return { trialEnd: null, paymentFailedDate: null, deactivateDate: null };
    case 'PAST_DUE': {
      const failedAt = earlier(organisation.paymentFailedDate, at);
      return {
        trialEnd: null,
        paymentFailedDate: failedAt,
        deactivateDate: new Date(failedAt.getTime() + BILLING_GRACE_DAYS * DAY_MS),
      };
    }
    case 'CANCELLED':
      // Nothing is left to pay: the date access ends is the subscription's end, not a payment's.
      return { ...organisation, paymentFailedDate: null, deactivateDate: subscription.endedAt ?? at };
    case 'TRIAL':
      return organisation;
  }
}

export type NextBillingState = { subscription: StoredSubscription; organisation: OrganisationBillingDates };

/**
 * What the merchant's subscription and organisation become once `subscription` (read from
 * Stripe at `syncedAt`, because of an event Stripe made at `at`) is taken in; undefined when it
 * must change nothing.
 */
export function nextBillingState(input: {
  stored: StoredSubscription;
  organisation: OrganisationBillingDates;
  subscription: SubscriptionState;
  at: Date;
  syncedAt: Date;
}): NextBillingState | undefined {
  const { stored, organisation, subscription } = input;
  const status = billingStatusOf(subscription.stripeStatus, subscription.isCancelAtPeriodEnd);
  if (!status) return undefined;
  const isSame = stored.stripeSubscriptionId === subscription.id;
  if (isSame && stored.syncedAt && input.syncedAt.getTime() < stored.syncedAt.getTime()) return undefined;
  if (!isSame && stored.stripeSubscriptionId !== null) {
    // Another subscription than the stored one: it replaces one that is over, never a running
    // one, and an ended one is old news.
    if (LIVE_STATUSES.includes(stored.status) || status === 'CANCELLED') return undefined;
  }
  return {
    subscription: {
      stripeSubscriptionId: subscription.id,
      plan: planOf(subscription) ?? (isSame ? stored.plan : null),
      status,
      stripeStatus: subscription.stripeStatus,
      currentPeriodEnd: subscription.currentPeriodEnd,
      isCancelAtPeriodEnd: subscription.isCancelAtPeriodEnd,
      endedAt: subscription.endedAt,
      cardBrand: subscription.card?.brand ?? (isSame ? stored.cardBrand : null),
      cardLast4: subscription.card?.last4 ?? (isSame ? stored.cardLast4 : null),
      syncedAt: input.syncedAt,
    },
    organisation: datesFor(status, organisation, subscription, input.at),
  };
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether the next state says anything new (the read's time aside). */
export function isBillingChange(
  before: { subscription: StoredSubscription; organisation: OrganisationBillingDates },
  after: NextBillingState,
): boolean {
  const a = before.subscription;
  const b = after.subscription;
  return (
    a.stripeSubscriptionId !== b.stripeSubscriptionId ||
    a.plan !== b.plan ||
    a.status !== b.status ||
    a.stripeStatus !== b.stripeStatus ||
    !sameTime(a.currentPeriodEnd, b.currentPeriodEnd) ||
    a.isCancelAtPeriodEnd !== b.isCancelAtPeriodEnd ||
    !sameTime(a.endedAt, b.endedAt) ||
    a.cardBrand !== b.cardBrand ||
    a.cardLast4 !== b.cardLast4 ||
    !sameTime(before.organisation.trialEnd, after.organisation.trialEnd) ||
    !sameTime(before.organisation.paymentFailedDate, after.organisation.paymentFailedDate) ||
    !sameTime(before.organisation.deactivateDate, after.organisation.deactivateDate)
  );
}
