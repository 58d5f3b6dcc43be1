import { BILLING_PLAN_DETAILS, type Billing, type BillingFlow, type BillingPlan } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { StripeGateway } from '../../integrations/stripe/stripe-gateway.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import type { OrganisationRecord } from '../../platform/tenancy/membership.queries.ts';
import { LIVE_STATUSES } from './billing-state.ts';
import {
  findMerchantSubscription,
  insertMerchantCustomer,
  type MerchantSubscriptionRow,
} from './billing.queries.ts';

// The billing screen (SPEC §2 /organisations/billing, and sign-up's payment step): the merchant's
// subscription as Stripe has it, Checkout to choose a plan, the customer portal to change the card
// or cancel. What the subscription does to the organisation's dates is the webhooks' (billing-
// webhooks.ts); this only reads them. Merchant Admins only (the routes say so).

/** Most invoices the screen lists (two years of monthly ones). */
const INVOICES_SHOWN = 24;

/** Where Checkout and the portal send the browser back to, by where the screen was opened. */
const RETURN_PATHS: Record<BillingFlow, string> = {
  existing: '/organisations/billing',
  onboarding: '/onboarding',
};

export const billingNotSetUp = () =>
  new AppError(
    'BILLING_NOT_SET_UP',
    'Billing is not set up on this server: it needs its Stripe keys (STRIPE_SECRET_KEY and the rest).',
  );

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

type Merchant = { merchantId: string; organisation: OrganisationRecord; flow: BillingFlow };

export function createBillingService({
  database: { db },
  config,
  stripe,
  now,
}: Pick<AppDeps, 'database' | 'config' | 'stripe' | 'now'>) {
  function setUp(): StripeGateway {
    if (!stripe) throw billingNotSetUp();
    return stripe;
  }

  const returnUrl = (flow: BillingFlow, checkout?: 'success' | 'cancelled') =>
    `${config.appUrl}${RETURN_PATHS[flow]}${checkout ? `?checkout=${checkout}` : ''}`;

  /** Stripe's side of the screen: the live subscription, its invoices, and the next one while active. */
  async function fromStripe(
    gateway: StripeGateway,
    row: MerchantSubscriptionRow & { stripeSubscriptionId: string },
  ) {
    const [subscription, invoices, next] = await Promise.all([
      gateway.billing.retrieveSubscription(row.stripeSubscriptionId),
      gateway.billing.listInvoices({ customerId: row.stripeCustomerId, limit: INVOICES_SHOWN }),
      row.status === 'ACTIVE'
        ? gateway.billing.previewNextInvoice({
            customerId: row.stripeCustomerId,
            subscriptionId: row.stripeSubscriptionId,
          })
        : Promise.resolve(null),
    ]);
    return { subscription, invoices, next };
  }

  return {
    async get({ merchantId, organisation, flow }: Merchant): Promise<Billing> {
      const row = await findMerchantSubscription(db, merchantId);
      const answer: Billing = {
        flow,
        is_set_up: stripe !== undefined,
        status: row?.status ?? 'TRIAL',
        plan: row?.plan ?? null,
        trial_end: iso(organisation.trialEnd),
        payment_failed_date: iso(organisation.paymentFailedDate),
        deactivate_date: iso(organisation.deactivateDate),
        current_period_end: iso(row?.currentPeriodEnd),
        card: row?.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
        next_invoice: null,
        invoices: [],
      };
      const subscriptionId = row?.stripeSubscriptionId;
      if (!stripe || !row || !subscriptionId) return answer;
      const { subscription, invoices, next } = await fromStripe(stripe, {
        ...row,
        stripeSubscriptionId: subscriptionId,
      });
      const periodEnd = subscription.currentPeriodEnd ?? row.currentPeriodEnd;
      const nextDate = next ? (next.date ?? periodEnd) : null;
      return {
        ...answer,
        current_period_end: iso(periodEnd),
        card: subscription.card ?? answer.card,
        next_invoice:
          next && nextDate ? { amount_cents: next.amountCents, date: nextDate.toISOString() } : null,
        invoices: invoices.map(({ createdAt, ...invoice }) => ({
          ...invoice,
          created_at: createdAt.toISOString(),
        })),
      };
    },

    /** Checkout for `plan`; refused while a subscription is running (change it in the portal). */
    async startCheckout({ merchantId, organisation, flow, plan }: Merchant & { plan: BillingPlan }) {
      const gateway = setUp();
      const existing = await findMerchantSubscription(db, merchantId);
      if (existing && LIVE_STATUSES.includes(existing.status)) {
        throw conflict(
          'This organisation already has a subscription. Change the plan or card in the billing portal.',
        );
      }
      const row =
        existing ??
        (await insertMerchantCustomer(db, {
          merchantId,
          stripeCustomerId: await gateway.billing.createCustomer({
            merchantId,
            name: organisation.title,
            email: organisation.contactEmail,
            idempotencyKey: `tradeport-billing-customer-${merchantId}`,
          }),
          now: now(),
        }));
      const details = BILLING_PLAN_DETAILS[plan];
      const metadata = { tradeport_merchant_id: merchantId, tradeport_plan: plan };
      const { url } = await gateway.billing.startCheckout({
        customerId: row.stripeCustomerId,
        productName: `Tradeport ${details.name}`,
        amountCents: details.amount_cents,
        interval: details.interval,
        metadata,
        successUrl: returnUrl(flow, 'success'),
        cancelUrl: returnUrl(flow, 'cancelled'),
      });
      return { url };
    },

    /** Stripe's customer portal, once there is a subscription to manage. */
    async openPortal({ merchantId, flow }: Omit<Merchant, 'organisation'>) {
      const gateway = setUp();
      const row = await findMerchantSubscription(db, merchantId);
      if (!row?.stripeSubscriptionId) {
        throw conflict('There is no subscription to manage yet: choose a plan first.');
      }
      const url = await gateway.billing.openPortal({
        customerId: row.stripeCustomerId,
        returnUrl: returnUrl(flow),
      });
      return { url };
    },
  };
}
