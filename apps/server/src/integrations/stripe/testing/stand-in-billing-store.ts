import {
  addInterval,
  type CheckoutSession,
  type Customer,
  type Invoice,
  newInvoice,
  newSubscription,
  type PaymentMethod,
  type PortalSession,
  type PriceData,
  type Subscription,
} from './stand-in-billing-objects.ts';
import { invalidRequest, missing, StandInError } from './stand-in-http.ts';
import { isLuhnValid, stripeId, TEST_CARDS, unixNow } from './stand-in-objects.ts';
import type { createWebhookSender } from './stand-in-webhooks.ts';

// What the stand-in's Stripe Billing knows and does, on the platform's own account (no
// Stripe-Account): customers, Checkout in subscription mode, subscriptions and their invoices,
// the customer portal. Every change emits the event Stripe would, with `account` null. The
// test's hands (renew, failRenewal, endSubscription) stand for time passing at Stripe.

type Webhooks = ReturnType<typeof createWebhookSender>;

export function createBillingStore(options: { webhooks: Webhooks; origin: () => string }) {
  const { webhooks } = options;
  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const sessions = new Map<
    string,
    { session: CheckoutSession; price: PriceData; subscriptionMetadata: Record<string, string> }
  >();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const portalSessions = new Map<string, PortalSession>();
  let invoiceCount = 0;

  const emit = (type: string, object: unknown) => webhooks.emit(type, object, null);

  function customer(id: string | undefined) {
    const found = id ? customers.get(id) : undefined;
    if (!found) throw missing('customer', String(id));
    return found;
  }

  function subscription(id: string) {
    const found = subscriptions.get(id);
    if (!found) throw missing('subscription', id);
    return found;
  }

  const item = (sub: Subscription) => sub.items.data[0]!;

  function issueInvoice(
    sub: Subscription,
    reason: 'subscription_create' | 'subscription_cycle',
    isPaid: boolean,
  ) {
    invoiceCount += 1;
    const invoice = newInvoice({
      subscription: sub,
      number: `STANDIN-${String(invoiceCount).padStart(4, '0')}`,
      reason,
      isPaid,
      hostedUrl: (id) => `${options.origin()}/i/${id}`,
    });
    invoices.set(invoice.id!, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** The billing period after the current one begins (Stripe renews at the period's end). */
  function advancePeriod(sub: Subscription) {
    const current = item(sub);
    const interval = current.price.recurring.interval;
    current.current_period_start = current.current_period_end;
    current.current_period_end = addInterval(current.current_period_start, interval);
  }

  function openInvoiceOf(sub: Subscription) {
    const latest = sub.latest_invoice ? invoices.get(sub.latest_invoice) : undefined;
    return latest?.status === 'open' ? latest : undefined;
  }

  function requireLive(sub: Subscription) {
    if (sub.status === 'canceled') {
      throw invalidRequest(`The subscription ${sub.id} has already been canceled.`, {
        code: 'resource_missing',
      });
    }
  }

  return {
    customers,
    sessions,
    subscriptions,
    invoices,
    portalSessions,
    paymentMethods,

    createCustomer(params: { name?: string; email?: string; metadata: Record<string, string> }): Customer {
      const created: Customer = {
        id: stripeId('cus'),
        object: 'customer',
        created: unixNow(),
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata,
        invoice_settings: { default_payment_method: null },
        livemode: false,
      };
      customers.set(created.id, created);
      emit('customer.created', created);
      return created;
    },

    /** POST /v1/checkout/sessions, subscription mode with one inline recurring price. */
    createCheckoutSession(params: {
      mode: string | undefined;
      customer: string | undefined;
      price: Partial<PriceData> & { currency?: string };
      successUrl: string | undefined;
      cancelUrl: string | undefined;
      clientReferenceId: string | undefined;
      metadata: Record<string, string>;
      subscriptionMetadata: Record<string, string>;
    }): CheckoutSession {
      if (params.mode !== 'subscription') {
        throw invalidRequest('The stand-in makes Checkout Sessions in subscription mode only.', {
          param: 'mode',
        });
      }
      const owner = customer(params.customer);
      const { unitAmount, interval, productName, currency } = params.price;
      if (currency !== 'aud') throw invalidRequest(`Invalid currency: ${currency}`, { param: 'currency' });
      if (!Number.isInteger(unitAmount) || unitAmount! < 50) {
        throw invalidRequest('unit_amount must be at least 50 cents', { param: 'unit_amount' });
      }
      if (interval !== 'month' && interval !== 'year') {
        throw invalidRequest('recurring[interval] must be month or year here', { param: 'recurring' });
      }
      if (!params.successUrl) throw invalidRequest('Missing required param: success_url.');
      const id = `cs_test_${stripeId('x').slice(2)}`;
      const created = unixNow();
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: owner.id,
        subscription: null,
        client_reference_id: params.clientReferenceId ?? null,
        metadata: params.metadata,
        success_url: params.successUrl,
        cancel_url: params.cancelUrl ?? null,
        url: `${options.origin()}/c/pay/${id}`,
        currency: 'aud',
        amount_total: unitAmount!,
        created,
        expires_at: created + 24 * 60 * 60,
        livemode: false,
      };
      sessions.set(id, {
        session,
        price: { unitAmount: unitAmount!, interval, productName: productName ?? 'Subscription' },
        subscriptionMetadata: params.subscriptionMetadata,
      });
      return session;
    },

    session(id: string) {
      const found = sessions.get(id);
      if (!found) throw missing('checkout.session', id);
      return found;
    },

    /**
     * The payer paying on Checkout's page: the card saved, the subscription started with its first
     * invoice paid. A declined card leaves the session open (the page says why). Answers where
     * Checkout sends the browser.
     */
    payCheckout(sessionId: string, card: { number: string }): string {
      const entry = sessions.get(sessionId);
      if (!entry) throw missing('checkout.session', sessionId);
      const { session } = entry;
      if (session.status !== 'open') throw invalidRequest('This Checkout Session is no longer open.');
      const number = card.number.replace(/\s+/g, '');
      const test = isLuhnValid(number) ? TEST_CARDS[number] : undefined;
      if (!test || test.behaviour.kind !== 'SUCCEEDS') {
        throw new StandInError(402, {
          type: 'card_error',
          code: 'card_declined',
          message: test ? 'Your card was declined.' : 'Your card number is incorrect.',
        });
      }
      const year = new Date().getUTCFullYear() + 3;
      const paymentMethod: PaymentMethod = {
        id: stripeId('pm'),
        object: 'payment_method',
        type: 'card',
        customer: session.customer,
        created: unixNow(),
        card: {
          brand: test.brand,
          last4: number.slice(-4),
          country: test.country,
          exp_month: 12,
          exp_year: year,
        },
        livemode: false,
      };
      paymentMethods.set(paymentMethod.id, paymentMethod);
      customer(session.customer).invoice_settings.default_payment_method = paymentMethod.id;
      const sub = newSubscription({
        customer: session.customer,
        paymentMethod: paymentMethod.id,
        price: entry.price,
        metadata: entry.subscriptionMetadata,
      });
      subscriptions.set(sub.id, sub);
      const invoice = issueInvoice(sub, 'subscription_create', true);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id, url: null });
      emit('customer.subscription.created', sub);
      emit('invoice.paid', invoice);
      emit('checkout.session.completed', session);
      return session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
    },

    subscription,

    /** GET /v1/subscriptions/:id, with `expand[]=default_payment_method` honoured. */
    retrieveSubscription(id: string, expand: string[]): Subscription {
      const found = subscription(id);
      const copy = structuredClone(found);
      if (expand.includes('default_payment_method') && typeof found.default_payment_method === 'string') {
        copy.default_payment_method = paymentMethods.get(found.default_payment_method) ?? null;
      }
      return copy;
    },

    /** GET /v1/invoices?customer=…: newest first, drafts included as Stripe lists them. */
    listInvoices(customerId: string | undefined, limit: number) {
      const all = [...invoices.values()]
        .filter((invoice) => !customerId || invoice.customer === customerId)
        .reverse();
      return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/invoices' };
    },

    /** POST /v1/invoices/create_preview: the renewal a live, not cancelling subscription will bill next. */
    previewInvoice(customerId: string | undefined, subscriptionId: string | undefined): Invoice {
      const sub = subscription(subscriptionId ?? '');
      if (sub.customer !== customerId) throw invalidRequest('The subscription is not this customer’s.');
      if (sub.status === 'canceled' || sub.cancel_at_period_end) {
        throw invalidRequest('No upcoming invoices for customer', { code: 'invoice_upcoming_none' });
      }
      const { current_period_end: end, price } = item(sub);
      return {
        id: null,
        object: 'invoice',
        customer: sub.customer,
        number: null,
        status: 'draft',
        billing_reason: 'upcoming',
        created: end,
        currency: 'aud',
        total: price.unit_amount,
        amount_due: price.unit_amount,
        amount_paid: 0,
        amount_remaining: price.unit_amount,
        attempt_count: 0,
        attempted: false,
        next_payment_attempt: end,
        period_start: item(sub).current_period_start,
        period_end: end,
        hosted_invoice_url: null,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: sub.id, metadata: sub.metadata },
        },
        status_transitions: { finalized_at: null, paid_at: null },
        livemode: false,
      };
    },

    createPortalSession(params: {
      customer: string | undefined;
      returnUrl: string | undefined;
    }): PortalSession {
      const owner = customer(params.customer);
      const id = stripeId('bps');
      const session: PortalSession = {
        id,
        object: 'billing_portal.session',
        customer: owner.id,
        return_url: params.returnUrl ?? null,
        url: `${options.origin()}/p/session/${id}`,
        created: unixNow(),
        livemode: false,
      };
      portalSessions.set(id, session);
      return session;
    },

    portalSession(id: string) {
      const found = portalSessions.get(id);
      if (!found) throw missing('billing_portal.session', id);
      return found;
    },

    /** The portal's "Cancel plan" (at the period's end) and "Renew plan" (undo that). */
    setCancelAtPeriodEnd(subscriptionId: string, isCancelling: boolean): Subscription {
      const sub = subscription(subscriptionId);
      requireLive(sub);
      sub.cancel_at_period_end = isCancelling;
      sub.cancel_at = isCancelling ? item(sub).current_period_end : null;
      sub.canceled_at = isCancelling ? unixNow() : null;
      emit('customer.subscription.updated', sub);
      return sub;
    },

    /**
     * The period's end, renewal paid: the open invoice of a failed renewal is paid at last, or the
     * next period begins with a paid invoice.
     */
    renew(subscriptionId: string): Invoice {
      const sub = subscription(subscriptionId);
      requireLive(sub);
      let invoice = openInvoiceOf(sub);
      if (invoice) {
        const now = unixNow();
        Object.assign(invoice, {
          status: 'paid',
          amount_paid: invoice.amount_due,
          amount_remaining: 0,
          attempt_count: invoice.attempt_count + 1,
          next_payment_attempt: null,
          status_transitions: { ...invoice.status_transitions, paid_at: now },
        });
      } else {
        advancePeriod(sub);
        invoice = issueInvoice(sub, 'subscription_cycle', true);
      }
      sub.status = 'active';
      emit('invoice.paid', invoice);
      emit('customer.subscription.updated', sub);
      return invoice;
    },

    /** The period's end, renewal declined: the next period begins unpaid and the subscription is past due. */
    failRenewal(subscriptionId: string): Invoice {
      const sub = subscription(subscriptionId);
      requireLive(sub);
      let invoice = openInvoiceOf(sub);
      if (invoice) {
        invoice.attempt_count += 1;
        invoice.next_payment_attempt = unixNow() + 3 * 24 * 60 * 60;
      } else {
        advancePeriod(sub);
        invoice = issueInvoice(sub, 'subscription_cycle', false);
      }
      sub.status = 'past_due';
      emit('invoice.payment_failed', invoice);
      emit('customer.subscription.updated', sub);
      return invoice;
    },

    /** The subscription ends now (a cancelling one reaching its period's end, or Stripe giving up). */
    endSubscription(subscriptionId: string): Subscription {
      const sub = subscription(subscriptionId);
      requireLive(sub);
      const now = unixNow();
      Object.assign(sub, { status: 'canceled', ended_at: now, canceled_at: sub.canceled_at ?? now });
      const open = openInvoiceOf(sub);
      if (open) open.status = 'void';
      emit('customer.subscription.deleted', sub);
      return sub;
    },
  };
}

export type BillingStore = ReturnType<typeof createBillingStore>;
