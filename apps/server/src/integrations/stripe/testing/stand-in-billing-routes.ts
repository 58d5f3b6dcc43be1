import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkoutPage, invoicePage, portalPage } from './stand-in-billing-pages.ts';
import type { BillingStore } from './stand-in-billing-store.ts';
import {
  type Form,
  type FormValue,
  invalidRequest,
  parseForm,
  record,
  sendJson,
  StandInError,
  text,
} from './stand-in-http.ts';

// Stripe Billing's HTTP surface on the stand-in: the API calls the gateway's billing half makes
// (on the platform's own account, so a Stripe-Account header is refused), and the pages Checkout,
// the customer portal and a hosted invoice show a browser.

export type BillingRequest = {
  request: IncomingMessage;
  response: ServerResponse;
  method: string;
  pathname: string;
  url: URL;
  body: string;
  form: Form;
};

type Once = (
  request: IncomingMessage,
  account: string,
  body: string,
  run: () => unknown,
) => { status: number; body: unknown; replayed: boolean };

/** The nested parameter `key` of a form or list (`line_items[0][price_data]`), {} when absent. */
const objectAt = (container: FormValue | undefined, key: string): Form => {
  const value = Array.isArray(container)
    ? container[Number(key)]
    : container && typeof container === 'object'
      ? container[key]
      : undefined;
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
};

/** `expand[0]=a&expand[1]=b` (or `expand[]=a`) as a list. */
const expandOf = (form: Form): string[] => {
  const value = form.expand;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  if (value && typeof value === 'object')
    return Object.values(value).filter((v): v is string => typeof v === 'string');
  return [];
};

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(303, { location });
  response.end();
}

export function billingRoutes(deps: {
  store: BillingStore;
  requireSecretKey: (request: IncomingMessage) => void;
  once: Once;
}) {
  const { store } = deps;

  /** An API call on the platform's own account: the secret key, and no connected account named. */
  function platformCall(request: IncomingMessage) {
    deps.requireSecretKey(request);
    if (request.headers['stripe-account']) {
      throw invalidRequest('The stand-in keeps Stripe Billing on the platform account: no Stripe-Account.');
    }
  }

  /** Handles the request if it is Billing's, answering whether it was. */
  return async function route({ request, response, method, pathname, url, body, form }: BillingRequest) {
    const match = (pattern: RegExp) => pattern.exec(pathname);
    let found: RegExpExecArray | null;

    if (method === 'POST' && pathname === '/v1/customers') {
      platformCall(request);
      const answer = deps.once(request, 'platform', body, () =>
        store.createCustomer({
          name: text(form, 'name'),
          email: text(form, 'email'),
          metadata: record(form, 'metadata'),
        }),
      );
      sendJson(
        response,
        answer.status,
        answer.body,
        answer.replayed ? { 'idempotent-replayed': 'true' } : {},
      );
      return true;
    }
    if (method === 'POST' && pathname === '/v1/checkout/sessions') {
      platformCall(request);
      const item = objectAt(form.line_items, '0');
      const priceData = objectAt(item, 'price_data');
      const recurring = objectAt(priceData, 'recurring');
      const product = objectAt(priceData, 'product_data');
      if (text(item, 'quantity') !== '1') throw invalidRequest('The stand-in bills a quantity of 1.');
      const interval = text(recurring, 'interval');
      const session = store.createCheckoutSession({
        mode: text(form, 'mode'),
        customer: text(form, 'customer'),
        price: {
          currency: text(priceData, 'currency'),
          unitAmount: Number(text(priceData, 'unit_amount')),
          interval: interval === 'month' || interval === 'year' ? interval : undefined,
          productName: text(product, 'name'),
        },
        successUrl: text(form, 'success_url'),
        cancelUrl: text(form, 'cancel_url'),
        clientReferenceId: text(form, 'client_reference_id'),
        metadata: record(form, 'metadata'),
        subscriptionMetadata: record(objectAt(form, 'subscription_data'), 'metadata'),
      });
      sendJson(response, 200, session);
      return true;
    }
    if (method === 'POST' && pathname === '/v1/billing_portal/sessions') {
      platformCall(request);
      sendJson(
        response,
        200,
        store.createPortalSession({ customer: text(form, 'customer'), returnUrl: text(form, 'return_url') }),
      );
      return true;
    }
    if (method === 'GET' && (found = match(/^\/v1\/subscriptions\/(\w+)$/))) {
      platformCall(request);
      sendJson(
        response,
        200,
        store.retrieveSubscription(found[1]!, expandOf(parseForm(url.search.slice(1)))),
      );
      return true;
    }
    if (method === 'GET' && pathname === '/v1/invoices') {
      platformCall(request);
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 10), 1), 100);
      sendJson(response, 200, store.listInvoices(url.searchParams.get('customer') ?? undefined, limit));
      return true;
    }
    if (method === 'POST' && pathname === '/v1/invoices/create_preview') {
      platformCall(request);
      sendJson(response, 200, store.previewInvoice(text(form, 'customer'), text(form, 'subscription')));
      return true;
    }

    if (method === 'GET' && (found = match(/^\/c\/pay\/(\w+)$/))) {
      const { session, price } = store.session(found[1]!);
      if (session.status !== 'open') {
        sendHtml(response, 410, '<!doctype html><p>This Checkout Session is no longer open.</p>');
      } else {
        sendHtml(response, 200, checkoutPage(session, price));
      }
      return true;
    }
    if (method === 'POST' && (found = match(/^\/c\/pay\/(\w+)$/))) {
      const id = found[1]!;
      try {
        redirect(
          response,
          store.payCheckout(id, { number: new URLSearchParams(body).get('card_number') ?? '' }),
        );
      } catch (error) {
        if (!(error instanceof StandInError) || error.status !== 402) throw error;
        const { session, price } = store.session(id);
        sendHtml(response, 402, checkoutPage(session, price, error.message));
      }
      return true;
    }
    if (method === 'GET' && (found = match(/^\/p\/session\/(\w+)$/))) {
      const session = store.portalSession(found[1]!);
      const subscriptions = [...store.subscriptions.values()].filter(
        (sub) => sub.customer === session.customer,
      );
      sendHtml(
        response,
        200,
        portalPage({ sessionId: session.id, returnUrl: session.return_url, subscriptions }),
      );
      return true;
    }
    if (method === 'POST' && (found = match(/^\/p\/session\/(\w+)\/(cancel|renew)$/))) {
      const session = store.portalSession(found[1]!);
      const subscriptionId = new URLSearchParams(body).get('subscription') ?? '';
      if (store.subscription(subscriptionId).customer !== session.customer) {
        throw invalidRequest('Not this customer’s subscription.');
      }
      store.setCancelAtPeriodEnd(subscriptionId, found[2] === 'cancel');
      redirect(response, session.return_url ?? `/p/session/${session.id}`);
      return true;
    }
    if (method === 'GET' && (found = match(/^\/i\/(\w+)$/))) {
      const invoice = store.invoices.get(found[1]!);
      if (!invoice) return false;
      sendHtml(response, 200, invoicePage(invoice));
      return true;
    }
    return false;
  };
}
