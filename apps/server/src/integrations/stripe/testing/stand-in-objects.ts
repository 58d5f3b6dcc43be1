import { randomBytes } from 'node:crypto';

// The Stripe objects the stand-in keeps, in Stripe's own JSON shapes (the fields the gateway and
// the Stripe.js stand-in read, and the ones a webhook consumer would expect beside them).

export const STAND_IN_API_VERSION = '2026-10-28.endive';

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);

/** What a test card does when charged (Stripe's documented test numbers). */
export type CardBehaviour =
  | { kind: 'SUCCEEDS' }
  | { kind: 'DECLINED'; code: string; declineCode: string; message: string }
  | { kind: 'REQUIRES_ACTION' };

export type TestCard = { brand: string; country: string; behaviour: CardBehaviour };

const declined = (declineCode: string, message: string): CardBehaviour => ({
  kind: 'DECLINED',
  code: 'card_declined',
  declineCode,
  message,
});

export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', country: 'US', behaviour: { kind: 'SUCCEEDS' } },
  '5555555555554444': { brand: 'mastercard', country: 'US', behaviour: { kind: 'SUCCEEDS' } },
  '4000000360000006': { brand: 'visa', country: 'AU', behaviour: { kind: 'SUCCEEDS' } },
  '4000000760000002': { brand: 'visa', country: 'BR', behaviour: { kind: 'SUCCEEDS' } },
  '4000000000000002': {
    brand: 'visa',
    country: 'US',
    behaviour: declined('generic_decline', 'Your card was declined.'),
  },
  '4000000000009995': {
    brand: 'visa',
    country: 'US',
    behaviour: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  '4000002500003155': { brand: 'visa', country: 'US', behaviour: { kind: 'REQUIRES_ACTION' } },
};

export type Account = {
  id: string;
  object: 'account';
  type: 'standard';
  country: 'AU';
  default_currency: 'aud';
  email: string | null;
  business_profile: { name: string | null };
  charges_enabled: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
  created: number;
};

export function newAccount(options: { chargesEnabled?: boolean; detailsSubmitted?: boolean; name?: string }) {
  const chargesEnabled = options.chargesEnabled ?? true;
  return {
    id: stripeId('acct'),
    object: 'account',
    type: 'standard',
    country: 'AU',
    default_currency: 'aud',
    email: null,
    business_profile: { name: options.name ?? null },
    charges_enabled: chargesEnabled,
    details_submitted: options.detailsSubmitted ?? chargesEnabled,
    payouts_enabled: chargesEnabled,
    created: unixNow(),
  } satisfies Account;
}

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type ConfirmationToken = {
  id: string;
  object: 'confirmation_token';
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string | null;
  setup_intent: string | null;
  payment_method_options: null;
  payment_method_preview: {
    type: 'card';
    billing_details: { name: string | null; email: null; phone: null; address: null };
    card: {
      brand: string;
      country: string;
      last4: string;
      exp_month: number;
      exp_year: number;
      funding: 'credit';
      display_brand: string;
    };
  };
  return_url: null;
  setup_future_usage: null;
  shipping: null;
  use_stripe_sdk: true;
};

/** A token for a card on an account; expires after 12 hours, as Stripe's do. */
export function newConfirmationToken(card: TestCard & CardInput, name: string | null): ConfirmationToken {
  const created = unixNow();
  return {
    id: stripeId('ctoken'),
    object: 'confirmation_token',
    created,
    expires_at: created + 12 * 60 * 60,
    livemode: false,
    metadata: {},
    payment_intent: null,
    setup_intent: null,
    payment_method_options: null,
    payment_method_preview: {
      type: 'card',
      billing_details: { name, email: null, phone: null, address: null },
      card: {
        brand: card.brand,
        country: card.country,
        last4: card.number.slice(-4),
        exp_month: card.expMonth,
        exp_year: card.expYear,
        funding: 'credit',
        display_brand: card.brand,
      },
    },
    return_url: null,
    setup_future_usage: null,
    shipping: null,
    use_stripe_sdk: true,
  };
}

export type PaymentIntentStatus =
  'requires_action' | 'processing' | 'succeeded' | 'requires_payment_method' | 'canceled';

export type PaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: PaymentIntentStatus;
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { type: 'card_error'; code: string; decline_code: string; message: string } | null;
  /** Why it was canceled (`abandoned` when the payer left it at their bank's authentication). */
  cancellation_reason: string | null;
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect' } } | null;
  payment_method: string;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  livemode: false;
};

export type Charge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  captured: true;
  paid: true;
  status: 'succeeded';
  currency: string;
  created: number;
  metadata: Record<string, string>;
  payment_intent: string;
  payment_method: string;
  payment_method_details: {
    type: 'card';
    card: { brand: string; country: string; last4: string; exp_month: number; exp_year: number };
  };
  livemode: false;
};

export type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'succeeded';
  created: number;
  metadata: Record<string, string>;
};

export function chargeFor(intent: PaymentIntent, token: ConfirmationToken): Charge {
  const card = token.payment_method_preview.card;
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    refunded: false,
    captured: true,
    paid: true,
    status: 'succeeded',
    currency: intent.currency,
    created: unixNow(),
    metadata: intent.metadata,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    payment_method_details: {
      type: 'card',
      card: {
        brand: card.brand,
        country: card.country,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
      },
    },
    livemode: false,
  };
}

/** Luhn's check, as Stripe.js applies before sending a number. */
export function isLuhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
