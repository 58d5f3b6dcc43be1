import { createHmac } from 'node:crypto';
import { STAND_IN_API_VERSION, stripeId, unixNow } from './stand-in-objects.ts';

// Webhook events as Stripe sends them: each change makes an event, signed in
// `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's
// secret and POSTed to its URL. A connected account's events go to the Connect endpoint and the
// platform's own (`account` null: subscription billing) to the account endpoint, each with its own
// secret; here both endpoints are one URL, as Tradeport registers them. Written from Stripe's documented scheme, not with the SDK's
// helper, so the server's verification is checked against an independent signer.

export type StandInEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  account: string | null;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: unknown };
};

export type Delivery = { eventId: string; type: string; status: number; body: string };

export type DeliverOptions = {
  /** Sign as of this unix time (seconds); now otherwise. */
  timestamp?: number;
  /** Sign with this secret (a forger's); the endpoint's otherwise. */
  secret?: string;
  /** Send this body instead of the event's JSON (still signed as given, unless `signature` says otherwise). */
  body?: string;
  /** Send exactly this header instead of a computed one. */
  signature?: string | null;
};

export function signatureHeader(payload: string, secret: string, timestamp = unixNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function createWebhookSender(options: { secret: string; platformSecret?: string; url?: string }) {
  let url = options.url;
  const events: StandInEvent[] = [];
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const secretFor = (event: StandInEvent) =>
    event.account === null ? (options.platformSecret ?? options.secret) : options.secret;

  async function deliver(event: StandInEvent, overrides: DeliverOptions = {}): Promise<Delivery> {
    if (!url) throw new Error('The Stripe stand-in has no webhook URL to deliver to (setWebhookUrl).');
    const body = overrides.body ?? JSON.stringify(event);
    const signature =
      overrides.signature === undefined
        ? signatureHeader(body, overrides.secret ?? secretFor(event), overrides.timestamp)
        : overrides.signature;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      body,
    });
    const delivery = {
      eventId: event.id,
      type: event.type,
      status: response.status,
      body: await response.text(),
    };
    deliveries.push(delivery);
    return delivery;
  }

  return {
    events,
    deliveries,
    setUrl(next: string | undefined) {
      url = next;
    },
    /** Records an event and, when there is a URL, delivers it in the background (as Stripe does). */
    emit(type: string, object: unknown, account: string | null): StandInEvent {
      const event: StandInEvent = {
        id: stripeId('evt'),
        object: 'event',
        api_version: STAND_IN_API_VERSION,
        created: unixNow(),
        type,
        account,
        livemode: false,
        pending_webhooks: url ? 1 : 0,
        request: { id: null, idempotency_key: null },
        // A snapshot: the event says what the object was when it happened.
        data: { object: structuredClone(object) },
      };
      events.push(event);
      if (url) {
        const sending = deliver(event).catch(() => undefined);
        inFlight.add(sending);
        void sending.finally(() => inFlight.delete(sending));
      }
      return event;
    },
    deliver,
    /** Waits for every background delivery started so far (and any they start). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
