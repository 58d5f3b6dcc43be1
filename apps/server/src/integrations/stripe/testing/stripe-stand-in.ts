import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billingRoutes } from './stand-in-billing-routes.ts';
import { createBillingStore } from './stand-in-billing-store.ts';
import type { CardInput } from './stand-in-objects.ts';
import {
  allowCors,
  type Form,
  invalidRequest,
  parseForm,
  readBody,
  record,
  sendError,
  sendJson,
  StandInError,
  text,
} from './stand-in-http.ts';
import { consentPage, decisionRedirect } from './stand-in-pages.ts';
import { createStandInStore, type Settlement } from './stand-in-store.ts';
import { createWebhookSender, type DeliverOptions, signatureHeader } from './stand-in-webhooks.ts';
import { STRIPE_JS_STAND_IN } from './stripe-js-stand-in.ts';

// What a person does on the stand-in's pages, for tests (over HTTP, as a browser would).
export { answerCheckoutPage, answerPortalPage } from './stand-in-billing-pages.ts';
export { answerConsentPage } from './stand-in-pages.ts';

// A local stand-in for Stripe, a real HTTP server: exactly the API the gateway
// (../stripe-gateway.ts, ../stripe-billing-gateway.ts) calls, Connect's OAuth consent page, the
// Stripe.js stand-in for browsers, Stripe Billing's Checkout and customer portal pages
// (stand-in-billing-*.ts), and signed webhook delivery to a URL. Tests and browser journeys point
// STRIPE_API_BASE at `url` and never reach the network. Its methods below are the test's hands on
// Stripe's side (what the dashboard, a bank or Stripe's own timing would do).

export const STAND_IN_KEYS = {
  secretKey: 'sk_test_standin',
  publishableKey: 'pk_test_standin',
  webhookSecret: 'whsec_standin',
  /** The account endpoint's (the platform's own events: subscription billing). */
  billingWebhookSecret: 'whsec_standin_billing',
  clientId: 'ca_standin',
};

export type StandInOptions = {
  port?: number;
  /** Where to POST webhook events (settable later: the app's address may not be known yet). */
  webhookUrl?: string;
  /** `via-webhook`: a card PaymentIntent answers `processing` and succeeds a moment later, by webhook. */
  settlement?: Settlement;
};

/** The environment that points the server at this stand-in. */
export const standInEnv = (url: string) => ({
  STRIPE_SECRET_KEY: STAND_IN_KEYS.secretKey,
  STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishableKey,
  STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret,
  STRIPE_CLIENT_ID: STAND_IN_KEYS.clientId,
  STRIPE_BILLING_WEBHOOK_SECRET: STAND_IN_KEYS.billingWebhookSecret,
  STRIPE_API_BASE: url,
});

export type StandInRequest = {
  method: string;
  path: string;
  account: string | null;
  idempotencyKey: string | null;
};

export async function startStripeStandIn(options: StandInOptions = {}) {
  let settlement: Settlement = options.settlement ?? 'immediately';
  const webhooks = createWebhookSender({
    secret: STAND_IN_KEYS.webhookSecret,
    platformSecret: STAND_IN_KEYS.billingWebhookSecret,
    url: options.webhookUrl,
  });
  const store = createStandInStore({ webhooks, settlement: () => settlement });
  /** Where the stand-in listens, known once it does: Checkout's and the portal's pages are there. */
  let origin = '';
  const billing = createBillingStore({ webhooks, origin: () => origin });
  const requests: StandInRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  function requireKey(request: IncomingMessage, kind: 'secret' | 'publishable') {
    const expected = kind === 'secret' ? STAND_IN_KEYS.secretKey : STAND_IN_KEYS.publishableKey;
    const presented = request.headers.authorization?.replace(/^Bearer\s+/i, '');
    if (presented !== expected) {
      throw new StandInError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${presented ?? '(none)'}`,
      });
    }
  }

  /** The connected account a request acts on (Stripe-Account), which must still be connected. */
  function connectedAccount(request: IncomingMessage): string {
    const id = request.headers['stripe-account'];
    const account = typeof id === 'string' ? store.accounts.get(id) : undefined;
    if (!account?.isConnected) {
      throw new StandInError(403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: `The provided key does not have access to account '${String(id)}' (or that account does not exist).`,
      });
    }
    return account.id;
  }

  /** Runs a POST once per (account, Idempotency-Key); the same key with other parameters is refused. */
  function once(request: IncomingMessage, account: string, body: string, run: () => unknown) {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string') return { status: 200, body: run(), replayed: false };
    const fingerprint = createHash('sha256')
      .update(`${request.url} ${[...new URLSearchParams(body)].sort().join('&')}`)
      .digest('hex');
    const cacheKey = `${account}:${key}`;
    const seen = idempotent.get(cacheKey);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        throw new StandInError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { ...seen, replayed: true };
    }
    let answer: { status: number; body: unknown };
    try {
      answer = { status: 200, body: run() };
    } catch (error) {
      if (!(error instanceof StandInError)) throw error;
      answer = { status: error.status, body: { error: error.body } };
    }
    idempotent.set(cacheKey, { fingerprint, ...answer });
    return { ...answer, replayed: false };
  }

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const { pathname } = url;
    const method = request.method ?? 'GET';
    allowCors(response);
    if (method === 'OPTIONS') return void response.writeHead(204).end();
    const body = method === 'POST' ? await readBody(request) : '';
    const form: Form = parseForm(body);
    const account =
      typeof request.headers['stripe-account'] === 'string' ? request.headers['stripe-account'] : null;
    const key = request.headers['idempotency-key'];
    requests.push({ method, path: pathname, account, idempotencyKey: typeof key === 'string' ? key : null });
    const match = (pattern: RegExp) => pattern.exec(pathname);
    let found: RegExpExecArray | null;

    if (method === 'GET' && (pathname === '/v3' || pathname === '/v3/')) {
      response.writeHead(200, {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-store',
      });
      return void response.end(STRIPE_JS_STAND_IN);
    }
    if (method === 'GET' && pathname === '/oauth/authorize') {
      if (
        url.searchParams.get('client_id') !== STAND_IN_KEYS.clientId ||
        !url.searchParams.get('redirect_uri')
      ) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return void response.end('Invalid client_id or missing redirect_uri');
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end(consentPage(url.searchParams, { clientId: STAND_IN_KEYS.clientId }));
    }
    if (method === 'POST' && pathname === '/oauth/authorize/decision') {
      const decision = new URLSearchParams(body);
      let code: string | null = null;
      if (decision.get('decision') === 'allow') {
        const created = store.createAccount({
          chargesEnabled: decision.get('charges_enabled') === 'true',
          name: decision.get('business_name') ?? undefined,
        });
        code = store.authorize(created.id);
      }
      response.writeHead(302, { location: decisionRedirect(decision, code) });
      return void response.end();
    }
    if (method === 'POST' && pathname === '/oauth/token') {
      requireKey(request, 'secret');
      if (text(form, 'grant_type') !== 'authorization_code') {
        throw new StandInError(400, {
          error: 'unsupported_grant_type',
          error_description: 'Only authorization_code',
        });
      }
      const accountId = store.exchangeCode(text(form, 'code'));
      return sendJson(response, 200, {
        access_token: 'sk_test_connected_standin',
        livemode: false,
        refresh_token: 'rt_standin',
        token_type: 'bearer',
        stripe_publishable_key: 'pk_test_connected_standin',
        stripe_user_id: accountId,
        scope: 'read_write',
      });
    }
    if (method === 'POST' && pathname === '/oauth/deauthorize') {
      requireKey(request, 'secret');
      if (text(form, 'client_id') !== STAND_IN_KEYS.clientId) {
        throw new StandInError(400, { error: 'invalid_client', error_description: 'No such application' });
      }
      store.deauthorize(text(form, 'stripe_user_id'));
      return sendJson(response, 200, { stripe_user_id: text(form, 'stripe_user_id') });
    }
    if (method === 'GET' && (found = match(/^\/v1\/accounts\/([\w]+)$/))) {
      requireKey(request, 'secret');
      return sendJson(response, 200, store.publicAccount(store.account(found[1]!)));
    }
    if (method === 'POST' && pathname === '/v1/confirmation_tokens') {
      requireKey(request, 'publishable');
      const card = record(form, 'card');
      const input: CardInput = {
        number: card.number ?? '',
        expMonth: Number(card.exp_month),
        expYear: Number(card.exp_year),
        cvc: card.cvc ?? '',
      };
      const name = record(form, 'billing_details').name ?? null;
      return sendJson(response, 200, store.createToken(connectedAccount(request), input, name));
    }
    if (method === 'GET' && (found = match(/^\/v1\/confirmation_tokens\/(\w+)$/))) {
      requireKey(request, 'secret');
      return sendJson(response, 200, store.token(connectedAccount(request), found[1]!));
    }
    if (method === 'POST' && pathname === '/v1/payment_intents') {
      requireKey(request, 'secret');
      const accountId = connectedAccount(request);
      if (text(form, 'confirm') !== 'true' || !text(form, 'confirmation_token')) {
        throw invalidRequest(
          'The stand-in creates PaymentIntents only with confirm=true and a confirmation_token.',
        );
      }
      const answer = once(request, accountId, body, () =>
        store.createIntent(accountId, {
          amount: Number(text(form, 'amount')),
          currency: text(form, 'currency') ?? '',
          tokenId: text(form, 'confirmation_token')!,
          description: text(form, 'description') ?? null,
          metadata: record(form, 'metadata'),
        }),
      );
      return sendJson(
        response,
        answer.status,
        answer.body,
        answer.replayed ? { 'idempotent-replayed': 'true' } : {},
      );
    }
    if (method === 'GET' && (found = match(/^\/v1\/payment_intents\/(\w+)$/))) {
      const clientSecret = url.searchParams.get('client_secret');
      if (clientSecret) {
        requireKey(request, 'publishable');
        const entry = store.intents.get(found[1]!);
        if (!entry || entry.intent.client_secret !== clientSecret)
          throw invalidRequest('No such payment_intent');
        return sendJson(response, 200, entry.intent);
      }
      requireKey(request, 'secret');
      return sendJson(response, 200, store.intentOn(connectedAccount(request), found[1]!).intent);
    }
    if (method === 'POST' && (found = match(/^\/v1\/payment_intents\/(\w+)\/cancel$/))) {
      requireKey(request, 'secret');
      return sendJson(
        response,
        200,
        store.cancel(connectedAccount(request), found[1]!, text(form, 'cancellation_reason') ?? null),
      );
    }
    if (method === 'POST' && (found = match(/^\/_stand_in\/payment_intents\/(\w+)\/authenticate$/))) {
      requireKey(request, 'publishable');
      return sendJson(
        response,
        200,
        store.authenticate(found[1]!, text(form, 'client_secret'), text(form, 'result')),
      );
    }
    if (method === 'POST' && pathname === '/v1/refunds') {
      requireKey(request, 'secret');
      const accountId = connectedAccount(request);
      const amount = text(form, 'amount');
      const answer = once(request, accountId, body, () =>
        store.refund(accountId, {
          paymentIntentId: text(form, 'payment_intent') ?? '',
          amount: amount === undefined ? undefined : Number(amount),
        }),
      );
      return sendJson(
        response,
        answer.status,
        answer.body,
        answer.replayed ? { 'idempotent-replayed': 'true' } : {},
      );
    }
    if (await billingRoute({ request, response, method, pathname, url, body, form })) return;
    throw new StandInError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${pathname}).`,
    });
  }

  const billingRoute = billingRoutes({
    store: billing,
    requireSecretKey: (request) => requireKey(request, 'secret'),
    once,
  });

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (error instanceof StandInError) return sendError(response, error);
      sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = origin;

  return {
    url,
    keys: STAND_IN_KEYS,
    env: standInEnv(url),
    requests,
    events: webhooks.events,
    deliveries: webhooks.deliveries,
    setWebhookUrl: webhooks.setUrl,
    setSettlement(next: Settlement) {
      settlement = next;
    },
    /** An account that has not connected to the platform yet; the consent page makes one too. */
    createAccount: store.createAccount,
    /** The consent page for an account that already exists (its owner signs in): a code for it. */
    codeFor: (accountId: string) => store.authorize(accountId),
    /** The account's owner revoking the platform's access in their dashboard. */
    revokeAccess: (accountId: string) => store.deauthorize(accountId),
    /** The dashboard changing an account (details submitted, charges enabled): emits account.updated. */
    updateAccount: store.updateAccount,
    /** What Stripe.js's createConfirmationToken does for a card on a connected account. */
    confirmationToken(accountId: string, card: string | CardInput): string {
      const input =
        typeof card === 'string'
          ? { number: card, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' }
          : card;
      return store.createToken(accountId, input).id;
    },
    /** The payer finishing (or failing) their bank's authentication, as handleNextAction would. */
    authenticate(paymentIntentId: string, result: 'complete' | 'fail' = 'complete') {
      const entry = store.intents.get(paymentIntentId);
      return store.authenticate(paymentIntentId, entry?.intent.client_secret, result);
    },
    /** A refund made in the merchant's Stripe dashboard (emits charge.refunded). */
    refund: store.refund,
    paymentIntents: (accountId?: string) =>
      [...store.intents.values()]
        .filter((entry) => !accountId || entry.accountId === accountId)
        .map((entry) => entry.intent),
    account: (id: string) => store.accounts.get(id),
    /** Sends an event (again, or signed otherwise) and answers what the endpoint said. */
    deliver: (eventId: string, overrides?: DeliverOptions) => {
      const event = webhooks.events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      return webhooks.deliver(event, overrides);
    },
    signatureHeader: (payload: string, timestamp?: number) =>
      signatureHeader(payload, STAND_IN_KEYS.webhookSecret, timestamp),
    /** Stripe Billing on the platform's account: what it holds, and time passing there. */
    billing: {
      customers: billing.customers,
      subscriptions: billing.subscriptions,
      invoices: billing.invoices,
      checkoutSessions: billing.sessions,
      /** The customer's subscriptions, oldest first. */
      subscriptionsOf: (customerId: string) =>
        [...billing.subscriptions.values()].filter((sub) => sub.customer === customerId),
      /** The renewal paid: the failed invoice at last, or the next period's (invoice.paid, subscription updated). */
      renew: billing.renew,
      /** The renewal declined: past due, its invoice open (invoice.payment_failed, subscription updated). */
      failRenewal: billing.failRenewal,
      /** The subscription ends now, as at a cancelling one's period end (customer.subscription.deleted). */
      endSubscription: billing.endSubscription,
      /** The portal's cancel (true) or renew (false), without the page. */
      setCancelAtPeriodEnd: billing.setCancelAtPeriodEnd,
    },
    /** Waits until Stripe has finished what it started and every webhook sent has been answered. */
    async settled() {
      while (store.pending.size > 0) await Promise.all([...store.pending]);
      await webhooks.settled();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
