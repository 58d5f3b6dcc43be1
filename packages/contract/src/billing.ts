import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { OrganisationParams } from './organisations.ts';

// The merchant's own subscription to Tradeport (issue 12, `/organisations/billing`), through Stripe
// Billing on Tradeport's own Stripe account (not a merchant's connected one): Checkout to choose a
// plan and pay, the customer portal to change the card or cancel, and Stripe's subscription
// events to keep the organisation's trial_end, payment_failed_date and deactivate_date true
// (SPEC §4's banners and trial-expired page follow them).
// - Paying (a subscription active): trial_end, payment_failed_date and deactivate_date cleared.
// - A renewal failing: payment_failed_date set (once), deactivate_date BILLING_GRACE_DAYS later;
//   the next paid invoice clears both, at once.
// - The subscription ending (cancelled, at the period's end): deactivate_date set to when it ended.
// Access is lost when deactivate_date has passed, as when a trial is expired.

const tags = ['billing'];

/** One product, billed monthly or yearly (two months free); every feature on either. */
export const BILLING_PLANS = ['MONTHLY', 'YEARLY'] as const;
export const BillingPlan = z.enum(BILLING_PLANS);
export type BillingPlan = z.infer<typeof BillingPlan>;

export const BILLING_PLAN_DETAILS: Record<
  BillingPlan,
  { name: string; amount_cents: number; interval: 'month' | 'year'; note: string }
> = {
  MONTHLY: {
    name: 'Monthly',
    amount_cents: 9_900,
    interval: 'month',
    note: 'Billed every month, cancel any time',
  },
  YEARLY: {
    name: 'Yearly',
    amount_cents: 99_000,
    interval: 'year',
    note: 'Two months free, billed once a year',
  },
};

/** After a renewal fails, access continues this long (deactivate_date), to pay again. */
export const BILLING_GRACE_DAYS = 7;

/** Where the billing screen was opened from: sign-up's payment step, or Settings. */
export const BILLING_FLOWS = ['onboarding', 'existing'] as const;
export const BillingFlow = z.enum(BILLING_FLOWS);
export type BillingFlow = z.infer<typeof BillingFlow>;

export const BILLING_STATUSES = ['TRIAL', 'ACTIVE', 'PAST_DUE', 'CANCELLING', 'CANCELLED'] as const;
export const BillingStatus = z.enum(BILLING_STATUSES);
export type BillingStatus = z.infer<typeof BillingStatus>;

export const BILLING_STATUS_LABELS: Record<BillingStatus, string> = {
  TRIAL: 'Free trial',
  ACTIVE: 'Active',
  PAST_DUE: 'Payment failed',
  CANCELLING: 'Cancels at the end of the period',
  CANCELLED: 'Cancelled',
};

export const BILLING_INVOICE_STATUSES = ['PAID', 'OPEN', 'VOID', 'UNCOLLECTIBLE'] as const;

export const BillingInvoice = z.object({
  id: z.string(),
  /** Stripe's invoice number, as printed on it. */
  number: z.string().nullable(),
  created_at: z.iso.datetime(),
  amount_cents: z.number().int(),
  status: z.enum(BILLING_INVOICE_STATUSES),
  /** Stripe's hosted invoice page (view, download the PDF). */
  url: z.url().nullable(),
});
export type BillingInvoice = z.infer<typeof BillingInvoice>;

export const BillingQuery = z.object({ flow: BillingFlow.default('existing') });

export const Billing = z.object({
  flow: BillingFlow,
  /** False without the server's Stripe keys: the screen says billing is not set up. */
  is_set_up: z.boolean(),
  status: BillingStatus,
  plan: BillingPlan.nullable(),
  trial_end: z.iso.datetime().nullable(),
  payment_failed_date: z.iso.datetime().nullable(),
  deactivate_date: z.iso.datetime().nullable(),
  /** When the current period ends: the next renewal, or the end of a cancelling subscription. */
  current_period_end: z.iso.datetime().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  next_invoice: z.object({ amount_cents: z.number().int(), date: z.iso.datetime() }).nullable(),
  /** The latest invoices, newest first (at most 24). */
  invoices: z.array(BillingInvoice),
});
export type Billing = z.infer<typeof Billing>;

export const getBilling = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}/billing',
  summary: 'The merchant’s Tradeport subscription: status, plan, trial end, next and past invoices',
  description:
    'Merchant Admins. `flow` says where the screen was opened from (sign-up’s payment step, or Settings): Checkout and the portal return there.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: BillingQuery,
  response: Billing,
});

export const BillingCheckoutInput = z.object({ plan: BillingPlan, flow: BillingFlow.default('existing') });

/** Stripe's page: send the browser there (a full-page navigation). */
export const BillingRedirect = z.object({ url: z.url() });

export const startBillingCheckout = defineEndpoint({
  method: 'POST',
  path: '/organisations/{id}/billing/checkout',
  summary: 'Choose a plan: the address of Stripe Checkout for it',
  description:
    'Merchant Admins. Stripe returns the browser to `/organisations/billing?checkout=success` (or `/onboarding?checkout=success` in the onboarding flow; `checkout=cancelled` when abandoned); the subscription takes effect when Stripe’s event arrives. 409 BILLING_NOT_SET_UP without Stripe keys; 409 CONFLICT when a subscription is already active (change it in the portal).',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: BillingCheckoutInput,
  response: BillingRedirect,
});

export const BillingPortalInput = z.object({ flow: BillingFlow.default('existing') });

export const openBillingPortal = defineEndpoint({
  method: 'POST',
  path: '/organisations/{id}/billing/portal',
  summary: 'Update the card, see invoices or cancel: the address of Stripe’s customer portal',
  description:
    'Merchant Admins with a subscription (409 CONFLICT before choosing a plan). The portal returns the browser to the billing screen.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: BillingPortalInput,
  response: BillingRedirect,
});
