import { z } from 'zod';
import { CARD_FEES, CARD_REGION_LABELS, type CardRegion, cardFeeText } from './card-surcharge.ts';
import { defineEndpoint } from './endpoint.ts';
import { OrganisationParams } from './organisations.ts';

// Stripe Connect (SPEC §2 /stripe/settings, §7 stripe/connect/organisation/{id}/settings): a
// merchant's Admin connects the merchant's own Stripe account through Stripe's OAuth consent
// page, then chooses whether card fees are passed on to payers as a surcharge. Card payments are
// direct charges on that connected account (card-payments.ts). Stripe tells the server what
// changed through signed webhooks (stripeWebhook below).

const tags = ['stripe'];

/**
 * NOT_CONNECTED: no account; PENDING: connected, but Stripe does not let it take charges yet
 * (details to submit); CONNECTED: it takes card payments.
 */
export const STRIPE_CONNECTION_STATUSES = ['NOT_CONNECTED', 'PENDING', 'CONNECTED'] as const;
export const StripeConnectionStatus = z.enum(STRIPE_CONNECTION_STATUSES);
export type StripeConnectionStatus = z.infer<typeof StripeConnectionStatus>;

export const CardFee = z.object({
  region: z.enum(['DOMESTIC', 'INTERNATIONAL']),
  /** "Cards issued in Australia". */
  label: z.string(),
  /** "1.7 % + $0.30". */
  fee: z.string(),
  basis_points: z.number().int(),
  fixed_cents: z.number().int(),
});
export type CardFee = z.infer<typeof CardFee>;

/** SPEC §9's fees as the settings and pay dialogs list them. */
export const cardFeeSchedule = (): CardFee[] =>
  (Object.keys(CARD_FEES) as CardRegion[]).map((region) => ({
    region,
    label: CARD_REGION_LABELS[region],
    fee: cardFeeText(region),
    basis_points: CARD_FEES[region].basisPoints,
    fixed_cents: CARD_FEES[region].fixedCents,
  }));

export const StripeSettings = z.object({
  /**
   * The server has Stripe keys (STRIPE_SECRET_KEY and the rest). False: card payments are not set
   * up on this installation, and the screen says so instead of offering to connect.
   */
  is_set_up: z.boolean(),
  status: StripeConnectionStatus,
  stripe_account_id: z.string().nullable(),
  is_charges_enabled: z.boolean(),
  is_details_submitted: z.boolean(),
  /** Card fees are added to what the payer pays, as a surcharge (never more than the fee). */
  is_fee_passed_on: z.boolean(),
  connected_at: z.iso.datetime({ offset: true }).nullable(),
  /** The connection's version, for the next change (null while not connected). */
  version: z.number().int().nullable(),
  fees: z.array(CardFee),
});
export type StripeSettings = z.infer<typeof StripeSettings>;

export const getStripeSettings = defineEndpoint({
  method: 'GET',
  path: '/stripe/connect/organisation/{id}/settings',
  summary: 'The merchant’s Stripe connection and whether card fees are passed on',
  description: 'Merchant Admins. Answers `is_set_up: false` when the server has no Stripe keys.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  response: StripeSettings,
});

export const StripeConnectStart = z.object({
  /** Stripe’s consent page: send the browser there (a full-page navigation). */
  url: z.url(),
});

export const startStripeConnect = defineEndpoint({
  method: 'POST',
  path: '/stripe/connect/organisation/{id}/settings/connect',
  summary: 'Start connecting a Stripe account: the address of Stripe’s consent page',
  description:
    'Merchant Admins. Stripe sends the browser back to `/stripe/settings?code=…&state=…` (or `?error=…` when the person declined); the page then completes the connection with `…/settings/oauth`. The state is signed for this merchant and person and expires after 15 minutes. 409 CARD_PAYMENTS_NOT_SET_UP without Stripe keys; 409 CONFLICT when an account is already connected.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  response: StripeConnectStart,
});

export const StripeOAuthInput = z.object({
  code: z.string().trim().min(1).max(255),
  state: z.string().trim().min(1).max(1_000),
});

export const completeStripeConnect = defineEndpoint({
  method: 'POST',
  path: '/stripe/connect/organisation/{id}/settings/oauth',
  summary: 'Finish connecting: exchange the code Stripe returned for the merchant’s account',
  description:
    'Merchant Admins. The `state` must be the one `…/settings/connect` gave this merchant and person, unexpired (400 otherwise). A Stripe account already connected to another merchant answers 409.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: StripeOAuthInput,
  response: StripeSettings,
});

export const StripeSettingsInput = z.object({
  is_fee_passed_on: z.boolean(),
  version: z.number().int(),
});

export const updateStripeSettings = defineEndpoint({
  method: 'PUT',
  path: '/stripe/connect/organisation/{id}/settings',
  summary: 'Choose whether card fees are passed on to payers',
  description: 'Merchant Admins, with the connection’s `version` (409 when stale, or when not connected).',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: StripeSettingsInput,
  response: StripeSettings,
});

export const disconnectStripe = defineEndpoint({
  method: 'DELETE',
  path: '/stripe/connect/organisation/{id}/settings',
  summary: 'Disconnect the merchant’s Stripe account',
  description:
    'Merchant Admins. Revokes this platform’s access to the account at Stripe and forgets it; payments already taken keep their records, and their webhooks still apply.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  response: StripeSettings,
});

/** The header Stripe signs each webhook delivery with: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** How old a signed delivery may be (seconds) before it is refused as a replay. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export const StripeWebhookEvent = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
});

export const stripeWebhook = defineEndpoint({
  method: 'POST',
  path: '/stripe/webhooks',
  summary: 'Stripe’s events (the Connect and the account webhook endpoints)',
  description:
    'Called by Stripe, not by people. The body must be signed with STRIPE_WEBHOOK_SECRET in the `Stripe-Signature` header and no older than 5 minutes (400 WEBHOOK_SIGNATURE_INVALID otherwise, and nothing changes). Each event is applied once, whatever the order or number of deliveries: payment_intent.succeeded / payment_intent.payment_failed settle the card payment (from the PaymentIntent’s current state), account.updated refreshes the connection’s flags, charge.refunded records what Stripe refunded. Tradeport’s own account’s events (no `account`; signed with STRIPE_BILLING_WEBHOOK_SECRET when that is set) keep merchants’ subscriptions (getBilling) and their organisation’s trial_end, payment_failed_date and deactivate_date: checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid, invoice.payment_failed, each read back from the subscription’s current state. Other events are acknowledged and ignored.',
  tags,
  auth: 'public',
  body: StripeWebhookEvent,
  rawBody: true,
  bodyLimit: 512 * 1024,
  response: z.object({ received: z.literal(true) }),
});
