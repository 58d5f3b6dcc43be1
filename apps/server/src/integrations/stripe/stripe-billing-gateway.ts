import type { BillingInvoice } from '@tradeport/contract';
import type Stripe from 'stripe';
import { AppError } from '../../platform/errors.ts';

// Stripe Billing, for the merchants' own subscriptions to Tradeport: calls on Tradeport's own Stripe
// account (never a Stripe-Account header), typed in our terms. Part of the gateway
// (stripe-gateway.ts `billing`): modules never see Stripe's shapes. Checkout takes the card and
// starts the subscription, the customer portal changes the card or cancels, and the subscription's
// events (read back here with retrieveSubscription) tell the rest.

const CURRENCY = 'aud';

export type BillingInterval = 'month' | 'year';

/** A subscription as it stands at Stripe now. */
export type SubscriptionState = {
  id: string;
  customerId: string;
  /** Stripe's own status: active, past_due, unpaid, canceled, incomplete, incomplete_expired… */
  stripeStatus: string;
  interval: BillingInterval | null;
  metadata: Record<string, string>;
  currentPeriodEnd: Date | null;
  /** Cancelled to end at the period's end (or on a set date) but not ended yet. */
  isCancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  card: { brand: string; last4: string } | null;
};

export type InvoiceSummary = Omit<BillingInvoice, 'created_at'> & { createdAt: Date };

const billingUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 'Stripe could not be reached. Nothing was changed: try again shortly.');

const dateOf = (unixSeconds: number | null | undefined) =>
  unixSeconds === null || unixSeconds === undefined ? null : new Date(unixSeconds * 1000);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const INVOICE_STATUSES: Record<string, BillingInvoice['status']> = {
  paid: 'PAID',
  open: 'OPEN',
  void: 'VOID',
  uncollectible: 'UNCOLLECTIBLE',
};

export function subscriptionStateOf(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  const interval: string | undefined = item?.price.recurring?.interval;
  const method = subscription.default_payment_method;
  const card = method && typeof method === 'object' ? method.card : undefined;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    stripeStatus: subscription.status,
    interval: interval === 'month' || interval === 'year' ? interval : null,
    metadata: subscription.metadata ?? {},
    currentPeriodEnd: dateOf(item?.current_period_end),
    isCancelAtPeriodEnd:
      subscription.ended_at === null &&
      (subscription.cancel_at_period_end || subscription.cancel_at !== null),
    endedAt: dateOf(subscription.ended_at),
    card: card ? { brand: card.brand, last4: card.last4 } : null,
  };
}

/** The customer and subscription an event's object names (a Checkout Session, subscription or invoice). */
export function billingObjectOf(event: Stripe.Event): {
  customerId: string | null;
  subscriptionId: string | null;
} {
  const object = event.data.object as {
    object?: string;
    id?: string;
    mode?: string;
    customer?: string | { id: string } | null;
    subscription?: string | { id: string } | null;
    parent?: { subscription_details?: { subscription?: string | { id: string } } | null } | null;
  };
  const customerId = idOf(object.customer);
  switch (object.object) {
    case 'checkout.session':
      return {
        customerId,
        subscriptionId: object.mode === 'subscription' ? idOf(object.subscription) : null,
      };
    case 'subscription':
      return { customerId, subscriptionId: object.id ?? null };
    case 'invoice':
      return {
        customerId,
        // Since API 2025-03-31 an invoice names its subscription under `parent`; `subscription` before.
        subscriptionId: idOf(object.parent?.subscription_details?.subscription) ?? idOf(object.subscription),
      };
    default:
      return { customerId: null, subscriptionId: null };
  }
}

export function createStripeBilling(stripe: Stripe, sdk: typeof Stripe) {
  function translate(error: unknown): never {
    if (error instanceof sdk.errors.StripeError) throw billingUnavailable();
    throw error;
  }

  return {
    /** The merchant as Stripe's customer; the same key answers the same customer (a retried first Checkout). */
    async createCustomer(options: {
      merchantId: string;
      name: string;
      email: string | null;
      idempotencyKey: string;
    }): Promise<string> {
      try {
        const customer = await stripe.customers.create(
          {
            name: options.name,
            ...(options.email ? { email: options.email } : {}),
            metadata: { tradeport_merchant_id: options.merchantId },
          },
          { idempotencyKey: options.idempotencyKey },
        );
        return customer.id;
      } catch (error) {
        return translate(error);
      }
    },

    /** Checkout's page for one plan, billed from the first day (no Stripe trial: ours is already running). */
    async startCheckout(options: {
      customerId: string;
      productName: string;
      amountCents: number;
      interval: BillingInterval;
      metadata: Record<string, string>;
      successUrl: string;
      cancelUrl: string;
    }): Promise<{ id: string; url: string }> {
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: options.customerId,
          client_reference_id: options.metadata.tradeport_merchant_id,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: CURRENCY,
                unit_amount: options.amountCents,
                recurring: { interval: options.interval },
                product_data: { name: options.productName },
              },
            },
          ],
          metadata: options.metadata,
          subscription_data: { metadata: options.metadata },
          success_url: options.successUrl,
          cancel_url: options.cancelUrl,
        });
        if (!session.url) throw billingUnavailable();
        return { id: session.id, url: session.url };
      } catch (error) {
        return translate(error);
      }
    },

    /** The customer portal (change the card, see invoices, cancel), returning to `returnUrl`. */
    async openPortal(options: { customerId: string; returnUrl: string }): Promise<string> {
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: options.customerId,
          return_url: options.returnUrl,
        });
        return session.url;
      } catch (error) {
        return translate(error);
      }
    },

    async retrieveSubscription(id: string): Promise<SubscriptionState> {
      try {
        const subscription = await stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] });
        return subscriptionStateOf(subscription);
      } catch (error) {
        return translate(error);
      }
    },

    /** The customer's latest invoices, newest first (drafts, not yet issued, left out). */
    async listInvoices(options: { customerId: string; limit: number }): Promise<InvoiceSummary[]> {
      try {
        const page = await stripe.invoices.list({ customer: options.customerId, limit: options.limit });
        return page.data.flatMap((invoice) => {
          const status = invoice.status ? INVOICE_STATUSES[invoice.status] : undefined;
          if (!status || !invoice.id) return [];
          return [
            {
              id: invoice.id,
              number: invoice.number,
              createdAt: new Date(invoice.created * 1000),
              amount_cents: invoice.total,
              status,
              url: invoice.hosted_invoice_url ?? null,
            },
          ];
        });
      } catch (error) {
        return translate(error);
      }
    },

    /** What the subscription will bill next, and when; null when nothing is coming (it is cancelling). */
    async previewNextInvoice(options: {
      customerId: string;
      subscriptionId: string;
    }): Promise<{ amountCents: number; date: Date | null } | null> {
      try {
        const preview = await stripe.invoices.createPreview({
          customer: options.customerId,
          subscription: options.subscriptionId,
        });
        return { amountCents: preview.amount_due, date: dateOf(preview.next_payment_attempt) };
      } catch (error) {
        if (error instanceof sdk.errors.StripeInvalidRequestError && error.code === 'invoice_upcoming_none') {
          return null;
        }
        return translate(error);
      }
    },
  };
}

export type StripeBilling = ReturnType<typeof createStripeBilling>;
