import { stripeId, unixNow } from './stand-in-objects.ts';

// Stripe Billing's objects as the stand-in keeps them, in Stripe's JSON shapes (API 2025-03-31 and
// later: billing periods on the subscription's items, an invoice's subscription under `parent`):
// the fields the gateway reads, and the ones a webhook consumer would expect beside them.

export type Interval = 'month' | 'year';

export type Customer = {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
};

export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string;
  created: number;
  card: { brand: string; last4: string; country: string; exp_month: number; exp_year: number };
  livemode: false;
};

/** What Checkout's line item (price_data) asked for: the price the subscription is made with. */
export type PriceData = { unitAmount: number; interval: Interval; productName: string };

export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string;
  subscription: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  currency: 'aud';
  amount_total: number;
  created: number;
  expires_at: number;
  livemode: false;
};

export type Price = {
  id: string;
  object: 'price';
  currency: 'aud';
  unit_amount: number;
  recurring: { interval: Interval; interval_count: 1 };
  product: string;
  type: 'recurring';
};

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export type Subscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  currency: 'aud';
  collection_method: 'charge_automatically';
  default_payment_method: string | PaymentMethod | null;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      quantity: 1;
      current_period_start: number;
      current_period_end: number;
      price: Price;
    }[];
    has_more: false;
  };
  livemode: false;
};

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export type Invoice = {
  id: string | null;
  object: 'invoice';
  customer: string;
  number: string | null;
  status: InvoiceStatus;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'upcoming';
  created: number;
  currency: 'aud';
  total: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  hosted_invoice_url: string | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  status_transitions: { finalized_at: number | null; paid_at: number | null };
  livemode: false;
};

export type PortalSession = {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
};

/** The same calendar day a month or a year on (clamped to the month's end), in UTC, as Stripe bills. */
export function addInterval(unixSeconds: number, interval: Interval): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  const next = new Date(date);
  next.setUTCDate(1);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return Math.floor(next.getTime() / 1000);
}

export function newSubscription(options: {
  customer: string;
  paymentMethod: string;
  price: PriceData;
  metadata: Record<string, string>;
}): Subscription {
  const now = unixNow();
  return {
    id: stripeId('sub'),
    object: 'subscription',
    customer: options.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: now,
    start_date: now,
    currency: 'aud',
    collection_method: 'charge_automatically',
    default_payment_method: options.paymentMethod,
    latest_invoice: null,
    metadata: options.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          quantity: 1,
          current_period_start: now,
          current_period_end: addInterval(now, options.price.interval),
          price: {
            id: stripeId('price'),
            object: 'price',
            currency: 'aud',
            unit_amount: options.price.unitAmount,
            recurring: { interval: options.price.interval, interval_count: 1 },
            product: stripeId('prod'),
            type: 'recurring',
          },
        },
      ],
      has_more: false,
    },
    livemode: false,
  };
}

/** An invoice for one period of a subscription: paid, or open after a failed attempt. */
export function newInvoice(options: {
  subscription: Subscription;
  number: string;
  reason: 'subscription_create' | 'subscription_cycle';
  isPaid: boolean;
  hostedUrl: (id: string) => string;
}): Invoice {
  const { subscription } = options;
  const item = subscription.items.data[0]!;
  const amount = item.price.unit_amount;
  const now = unixNow();
  const id = stripeId('in');
  return {
    id,
    object: 'invoice',
    customer: subscription.customer,
    number: options.number,
    status: options.isPaid ? 'paid' : 'open',
    billing_reason: options.reason,
    created: now,
    currency: 'aud',
    total: amount,
    amount_due: amount,
    amount_paid: options.isPaid ? amount : 0,
    amount_remaining: options.isPaid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    // Stripe's retries: the next one some days on while the invoice stays open.
    next_payment_attempt: options.isPaid ? null : now + 3 * 24 * 60 * 60,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    hosted_invoice_url: options.hostedUrl(id),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    status_transitions: { finalized_at: now, paid_at: options.isPaid ? now : null },
    livemode: false,
  };
}
