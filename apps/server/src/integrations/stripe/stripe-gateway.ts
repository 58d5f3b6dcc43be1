import { STRIPE_WEBHOOK_TOLERANCE_SECONDS } from '@tradeport/contract';
import type Stripe from 'stripe';
import { AppError } from '../../platform/errors.ts';
import { createStripeBilling } from './stripe-billing-gateway.ts';
import type { StripeConfig } from './stripe-config.ts';

// Everything Tradeport asks of Stripe, typed in our own terms, over the `stripe` SDK. Modules call
// this and never the SDK, so the one place that knows Stripe's shapes and errors is here, and the
// local stand-in (testing/stripe-stand-in.ts) has to implement exactly what these calls use.
// Card payments are direct charges on the merchant's connected account (the Stripe-Account
// header), in Australian dollars. `billing` (stripe-billing-gateway.ts) is the merchants' own
// subscriptions to Tradeport, on Tradeport's account.

const CURRENCY = 'aud';
const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
const CONNECT_BASE = 'https://connect.stripe.com';

export type StripeAccountFlags = { id: string; isChargesEnabled: boolean; isDetailsSubmitted: boolean };

/** What a ConfirmationToken tells about the card before anything is charged. */
export type CardPreview = { brand: string | null; last4: string | null; country: string | null };

export type PaymentIntentStatus = 'SUCCEEDED' | 'PROCESSING' | 'REQUIRES_ACTION' | 'FAILED';

export type PaymentIntentOutcome = {
  /** Null only when Stripe refused before making a PaymentIntent. */
  id: string | null;
  status: PaymentIntentStatus;
  /** For the browser's stripe.handleNextAction while REQUIRES_ACTION. */
  clientSecret: string | null;
  failureMessage: string | null;
};

export type PaymentIntentState = PaymentIntentOutcome & {
  amountCents: number;
  metadata: Record<string, string>;
};

export type StripeEvent = Stripe.Event;

const unavailable = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'Stripe could not be reached. Nothing was charged twice: try again shortly.',
  );

/** Stripe's statuses in ours: money taken, still moving, waiting for the payer, or not taken. */
function statusOf(intent: Stripe.PaymentIntent): PaymentIntentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'SUCCEEDED';
    case 'requires_action':
      return 'REQUIRES_ACTION';
    case 'requires_payment_method':
    case 'canceled':
      return 'FAILED';
    default:
      // processing, requires_capture, requires_confirmation: not settled either way yet.
      return 'PROCESSING';
  }
}

const ABANDONED = 'The payment was not completed (its authentication was abandoned).';

/**
 * Why a PaymentIntent failed, from the intent itself, so that every path that reads it (the
 * webhook, the cancelling request, a later check) records the same words whichever comes first.
 */
function failureMessageOf(intent: Stripe.PaymentIntent): string {
  if (intent.status === 'canceled') {
    return intent.cancellation_reason === 'abandoned' ? ABANDONED : 'The payment was canceled.';
  }
  return intent.last_payment_error?.message ?? 'The card was declined.';
}

function outcomeOf(intent: Stripe.PaymentIntent): PaymentIntentOutcome {
  const status = statusOf(intent);
  return {
    id: intent.id,
    status,
    clientSecret: status === 'REQUIRES_ACTION' ? intent.client_secret : null,
    failureMessage: status === 'FAILED' ? failureMessageOf(intent) : null,
  };
}

/**
 * An SDK error as the API answers it: the payer's own mistake (an expired or used card token) is
 * theirs to fix; anything on Stripe's side (down, keys revoked) is 503, never a 500.
 */
function translatorFor(sdk: typeof Stripe) {
  return function translate(error: unknown): never {
    if (error instanceof sdk.errors.StripeIdempotencyError) {
      throw new AppError(
        'CONFLICT',
        'This Idempotency-Key was already used for a different payment. Use a new key for a new payment.',
      );
    }
    if (error instanceof sdk.errors.StripeInvalidRequestError && error.code === 'amount_too_small') {
      throw new AppError('VALIDATION_ERROR', 'A card payment must be at least $0.50.');
    }
    if (error instanceof sdk.errors.StripeInvalidRequestError) {
      const message = 'The card details could not be used (they may have expired). Enter the card again.';
      throw new AppError('VALIDATION_ERROR', message, [{ path: 'confirmation_token', message }]);
    }
    if (error instanceof sdk.errors.StripeError) throw unavailable();
    throw error;
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;

/**
 * The gateway, with the SDK loaded only now: a server without Stripe keys never loads it (a
 * noticeable part of start-up).
 */
export async function openStripeGateway(config: StripeConfig) {
  const { default: sdk } = await import('stripe');
  return createStripeGateway(config, sdk);
}

export function createStripeGateway(config: StripeConfig, sdk: typeof Stripe) {
  const translate = translatorFor(sdk);
  const base = config.apiBase;
  const stripe = new sdk(config.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? '443' : '80'),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Tradeport' },
  });
  const origin = base ? base.origin : undefined;

  return {
    /** What the browser loads Stripe.js with. */
    stripeJs: { publishableKey: config.publishableKey, url: origin ? `${origin}/v3/` : STRIPE_JS_URL },
    currency: CURRENCY,
    billing: createStripeBilling(stripe, sdk),

    /**
     * Stripe's OAuth consent page for connecting a Standard account. Built here rather than by the
     * SDK's authorizeUrl, which always writes https:// and no port (so could not reach a stand-in).
     */
    authorizeUrl(options: { state: string; redirectUri: string }): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        scope: 'read_write',
        state: options.state,
        redirect_uri: options.redirectUri,
      });
      return `${origin ?? CONNECT_BASE}/oauth/authorize?${query}`;
    },

    /** The account an OAuth code grants; 400 for a code that is wrong, used or expired. */
    async exchangeCode(code: string): Promise<string> {
      try {
        const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
        if (!token.stripe_user_id) throw unavailable();
        return token.stripe_user_id;
      } catch (error) {
        if (error instanceof sdk.errors.StripeOAuthError) {
          const message =
            'Stripe did not accept this authorisation (it may have been used already). Connect again.';
          throw new AppError('VALIDATION_ERROR', message, [{ path: 'code', message }]);
        }
        return translate(error);
      }
    },

    /** Revokes our access to the account; one already revoked (at Stripe, by its owner) is fine. */
    async deauthorize(accountId: string): Promise<void> {
      try {
        await stripe.oauth.deauthorize({ client_id: config.clientId, stripe_user_id: accountId });
      } catch (error) {
        if (error instanceof sdk.errors.StripeOAuthError) return;
        if (error instanceof sdk.errors.StripePermissionError) return;
        translate(error);
      }
    },

    async retrieveAccount(accountId: string): Promise<StripeAccountFlags> {
      try {
        const account = await stripe.accounts.retrieve(accountId);
        return flagsOf(account);
      } catch (error) {
        return translate(error);
      }
    },

    /** The card a ConfirmationToken (made by Stripe.js on the connected account) carries. */
    async previewCard(options: { accountId: string; confirmationToken: string }): Promise<CardPreview> {
      let token: Stripe.ConfirmationToken;
      try {
        token = await stripe.confirmationTokens.retrieve(options.confirmationToken, undefined, {
          stripeAccount: options.accountId,
        });
      } catch (error) {
        return translate(error);
      }
      const card = token.payment_method_preview?.card;
      const isSpent = token.payment_intent !== null || token.setup_intent !== null;
      const isExpired = token.expires_at !== null && token.expires_at * 1000 <= Date.now();
      if (!card || isSpent || isExpired) {
        const message = !card
          ? 'Pay with a credit or debit card.'
          : 'These card details were already used or have expired. Enter the card again.';
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'confirmation_token', message }]);
      }
      return { brand: card.brand ?? null, last4: card.last4 ?? null, country: card.country ?? null };
    },

    /**
     * Creates and confirms a PaymentIntent for `amountCents` with the card's ConfirmationToken. The
     * same idempotency key answers the same PaymentIntent, so a retry never charges twice. A decline
     * is an outcome (FAILED, with Stripe's words), not an error.
     */
    async charge(options: {
      accountId: string;
      amountCents: number;
      confirmationToken: string;
      idempotencyKey: string;
      description: string;
      metadata: Record<string, string>;
    }): Promise<PaymentIntentOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: options.amountCents,
            currency: CURRENCY,
            confirm: true,
            confirmation_token: options.confirmationToken,
            allowed_payment_method_types: ['card'],
            description: options.description,
            metadata: options.metadata,
          },
          { stripeAccount: options.accountId, idempotencyKey: options.idempotencyKey },
        );
        return outcomeOf(intent);
      } catch (error) {
        if (error instanceof sdk.errors.StripeCardError) {
          return {
            id: error.payment_intent?.id ?? null,
            status: 'FAILED',
            clientSecret: null,
            failureMessage: error.message || 'The card was declined.',
          };
        }
        return translate(error);
      }
    },

    async retrievePaymentIntent(options: { accountId: string; id: string }): Promise<PaymentIntentState> {
      try {
        const intent = await stripe.paymentIntents.retrieve(options.id, undefined, {
          stripeAccount: options.accountId,
        });
        return { ...outcomeOf(intent), amountCents: intent.amount, metadata: intent.metadata };
      } catch (error) {
        return translate(error);
      }
    },

    /**
     * Cancels a PaymentIntent the payer abandoned (left waiting for their bank's authentication),
     * answering how it now stands: canceled (FAILED), or whatever it became meanwhile.
     */
    async cancelPaymentIntent(options: { accountId: string; id: string }): Promise<PaymentIntentOutcome> {
      try {
        const intent = await stripe.paymentIntents.cancel(
          options.id,
          { cancellation_reason: 'abandoned' },
          { stripeAccount: options.accountId },
        );
        return outcomeOf(intent);
      } catch (error) {
        // Too late to cancel (it succeeded, say): it stands as Stripe says.
        if (error instanceof sdk.errors.StripeInvalidRequestError) {
          const intent = await stripe.paymentIntents
            .retrieve(options.id, undefined, { stripeAccount: options.accountId })
            .catch(translate);
          return outcomeOf(intent);
        }
        return translate(error);
      }
    },

    /** Refunds part or all of a PaymentIntent's charge (the same key refunds once). */
    async refund(options: {
      accountId: string;
      paymentIntentId: string;
      amountCents: number;
      idempotencyKey: string;
    }): Promise<{ id: string; amountCents: number }> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: options.paymentIntentId, amount: options.amountCents },
          { stripeAccount: options.accountId, idempotencyKey: options.idempotencyKey },
        );
        return { id: refund.id, amountCents: refund.amount };
      } catch (error) {
        return translate(error);
      }
    },

    /**
     * The event a webhook delivery carries, once its `Stripe-Signature` (HMAC-SHA256 of
     * `<t>.<body>` with the webhook secret) matches and `t` is at most 5 minutes old; anything else
     * is 400 and must change nothing. The Connect endpoint's secret signs connected accounts'
     * events; Tradeport's own account's (billing) come from an endpoint with its own secret, when
     * one is configured.
     */
    verifyWebhook(rawBody: Buffer, signature: string | undefined): StripeEvent {
      const secrets = [config.webhookSecret, config.billingWebhookSecret].filter((secret): secret is string =>
        Boolean(secret),
      );
      for (const secret of secrets) {
        try {
          return stripe.webhooks.constructEvent(
            rawBody,
            signature ?? '',
            secret,
            STRIPE_WEBHOOK_TOLERANCE_SECONDS,
          );
        } catch {
          // Not this endpoint's: try the next secret.
        }
      }
      throw new AppError(
        'WEBHOOK_SIGNATURE_INVALID',
        'The Stripe-Signature header does not match this body, or it is too old.',
      );
    },
  };
}

export function flagsOf(account: Pick<Stripe.Account, 'id' | 'charges_enabled' | 'details_submitted'>) {
  return {
    id: account.id,
    isChargesEnabled: account.charges_enabled === true,
    isDetailsSubmitted: account.details_submitted === true,
  };
}
