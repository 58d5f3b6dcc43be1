import type { AppDeps } from '../../app-deps.ts';
import { billingObjectOf, type SubscriptionState } from '../../integrations/stripe/stripe-billing-gateway.ts';
import type { Db } from '../../platform/db/client.ts';
import type { EventPreparer } from '../stripe/stripe-webhooks.service.ts';
import { isBillingChange, nextBillingState } from './billing-state.ts';
import { renewalFailedEmail } from './billing.emails.ts';
import {
  findBillingContacts,
  findMerchantSubscriptionByCustomer,
  lockBillingState,
  saveBillingState,
  touchSyncedAt,
} from './billing.queries.ts';

// Subscription billing's webhooks, dispatched by the Stripe webhook endpoint (modules/stripe) with
// the rest of Stripe's events: only Tradeport's own account's (no `account`: a connected
// merchant's own Checkout or invoices are not ours) and only for customers Tradeport made. Each
// reads the subscription as it stands at Stripe now, then applies billing-state.ts's rules in the
// transaction that records the event (so a replay changes nothing).

export const BILLING_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

type Deps = Pick<AppDeps, 'database' | 'stripe' | 'now' | 'mail' | 'config'>;

/** Takes in a subscription read from Stripe at `syncedAt`, about an event Stripe made at `at`. */
export async function applySubscriptionState(
  tx: Db,
  options: { merchantId: string; subscription: SubscriptionState; at: Date; syncedAt: Date; now: Date },
  deps: Pick<Deps, 'mail' | 'config'>,
) {
  const locked = await lockBillingState(tx, options.merchantId);
  if (!locked) return;
  const { row, organisation } = locked;
  const next = nextBillingState({
    stored: row,
    organisation,
    subscription: options.subscription,
    at: options.at,
    syncedAt: options.syncedAt,
  });
  if (!next) return;
  if (isBillingChange({ subscription: row, organisation }, next)) {
    await saveBillingState(tx, { merchantId: options.merchantId, ...next, now: options.now });
    const { paymentFailedDate, deactivateDate } = next.organisation;
    if (paymentFailedDate && deactivateDate && !organisation.paymentFailedDate) {
      await mailRenewalFailed(tx, deps, {
        merchantId: options.merchantId,
        paymentFailedDate,
        deactivateDate,
      });
    }
  } else if (!row.syncedAt || row.syncedAt < options.syncedAt) {
    await touchSyncedAt(tx, { merchantId: options.merchantId, syncedAt: options.syncedAt });
  }
}

/**
 * A renewal has just failed (payment_failed_date newly set): each Admin is mailed once, in the
 * transaction that records it, keyed by the failure so a replayed or repeated event mails no more.
 */
async function mailRenewalFailed(
  tx: Db,
  deps: Pick<Deps, 'mail' | 'config'>,
  failure: { merchantId: string; paymentFailedDate: Date; deactivateDate: Date },
) {
  const contacts = await findBillingContacts(tx, failure.merchantId);
  if (!contacts) return;
  for (const to of contacts.adminEmails) {
    const message = renewalFailedEmail({
      to,
      merchantTitle: contacts.title,
      deactivateDate: failure.deactivateDate,
      timeZone: contacts.timeZone,
      appUrl: deps.config.appUrl,
    });
    const onceKey = `billing.renewal_failed:${failure.merchantId}:${failure.paymentFailedDate.toISOString()}:${to}`;
    await deps.mail.queue({ tx, message, onceKey });
  }
}

export function billingEventPreparers(deps: Deps): Record<string, EventPreparer> {
  const prepare: EventPreparer = async (event) => {
    const gateway = deps.stripe;
    if (event.account || !gateway) return undefined;
    const { customerId, subscriptionId } = billingObjectOf(event);
    if (!customerId || !subscriptionId) return undefined;
    const row = await findMerchantSubscriptionByCustomer(deps.database.db, customerId);
    if (!row) return undefined;
    const syncedAt = deps.now();
    const subscription = await gateway.billing.retrieveSubscription(subscriptionId);
    const named = subscription.metadata.tradeport_merchant_id;
    if (subscription.customerId !== customerId || (named && named !== row.merchantId)) return undefined;
    return (tx) =>
      applySubscriptionState(
        tx,
        {
          merchantId: row.merchantId,
          subscription,
          at: new Date(event.created * 1000),
          syncedAt,
          now: deps.now(),
        },
        deps,
      );
  };
  return Object.fromEntries(BILLING_EVENT_TYPES.map((type) => [type, prepare]));
}
