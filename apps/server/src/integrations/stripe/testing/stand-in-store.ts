import {
  type Account,
  type CardInput,
  type Charge,
  type ConfirmationToken,
  chargeFor,
  isLuhnValid,
  newAccount,
  newConfirmationToken,
  type PaymentIntent,
  type Refund,
  stripeId,
  TEST_CARDS,
  unixNow,
} from './stand-in-objects.ts';
import { invalidRequest, missing, oauthError, StandInError } from './stand-in-http.ts';
import type { createWebhookSender } from './stand-in-webhooks.ts';

// What the stand-in's Stripe knows and does: connected accounts and their OAuth codes, card
// tokens, PaymentIntents with their charges, refunds; every change emits the event Stripe would.

type Webhooks = ReturnType<typeof createWebhookSender>;

export type Settlement = 'immediately' | 'via-webhook';

const cardError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  new StandInError(402, { type: 'card_error', code, message, ...extra });

export function createStandInStore(options: { webhooks: Webhooks; settlement: () => Settlement }) {
  const { webhooks } = options;
  const accounts = new Map<string, Account & { isConnected: boolean }>();
  const codes = new Map<string, { accountId: string; isUsed: boolean }>();
  const tokens = new Map<string, { accountId: string; token: ConfirmationToken; number: string }>();
  const intents = new Map<string, { accountId: string; intent: PaymentIntent; tokenId: string }>();
  const charges = new Map<string, { accountId: string; charge: Charge }>();
  const refunds = new Map<string, { accountId: string; refund: Refund }>();
  /** PaymentIntents Stripe is still finishing (settlement via-webhook). */
  const pending = new Set<Promise<void>>();

  const publicAccount = ({ isConnected: _, ...account }: Account & { isConnected: boolean }) => account;

  function account(id: string) {
    const found = accounts.get(id);
    if (!found) throw missing('account', id);
    return found;
  }

  function intentOn(accountId: string, id: string) {
    const found = intents.get(id);
    if (!found || found.accountId !== accountId) throw missing('payment_intent', id);
    return found;
  }

  function succeed(entry: { accountId: string; intent: PaymentIntent; tokenId: string }) {
    const { intent, accountId } = entry;
    const charge = chargeFor(intent, tokens.get(entry.tokenId)!.token);
    charges.set(charge.id, { accountId, charge });
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      next_action: null,
    });
    webhooks.emit('charge.succeeded', charge, accountId);
    webhooks.emit('payment_intent.succeeded', intent, accountId);
  }

  function fail(
    entry: { accountId: string; intent: PaymentIntent },
    code: string,
    declineCode: string,
    message: string,
  ) {
    Object.assign(entry.intent, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: { type: 'card_error', code, decline_code: declineCode, message },
    });
    webhooks.emit('payment_intent.payment_failed', entry.intent, entry.accountId);
  }

  return {
    pending,
    accounts,
    intents,
    charges,
    refunds,
    tokens,
    publicAccount,
    account,

    createAccount(init: { chargesEnabled?: boolean; detailsSubmitted?: boolean; name?: string } = {}) {
      const created = { ...newAccount(init), isConnected: false };
      accounts.set(created.id, created);
      return created;
    },

    /** What the consent page's "Connect" does: the account joins the platform, and a code says so. */
    authorize(accountId: string): string {
      account(accountId).isConnected = true;
      const code = stripeId('ac');
      codes.set(code, { accountId, isUsed: false });
      return code;
    },

    exchangeCode(code: string | undefined) {
      const grant = code ? codes.get(code) : undefined;
      if (!grant || grant.isUsed)
        throw oauthError('invalid_grant', `Authorization code does not exist: ${code}`);
      grant.isUsed = true;
      return grant.accountId;
    },

    deauthorize(accountId: string | undefined) {
      const found = accountId ? accounts.get(accountId) : undefined;
      if (!found?.isConnected) throw oauthError('invalid_client', `No such user: ${accountId}`);
      found.isConnected = false;
      webhooks.emit(
        'account.application.deauthorized',
        { id: 'ca_stand_in', object: 'application' },
        found.id,
      );
    },

    updateAccount(accountId: string, patch: { chargesEnabled?: boolean; detailsSubmitted?: boolean }) {
      const found = account(accountId);
      if (patch.chargesEnabled !== undefined) found.charges_enabled = patch.chargesEnabled;
      if (patch.detailsSubmitted !== undefined) found.details_submitted = patch.detailsSubmitted;
      return webhooks.emit('account.updated', publicAccount(found), accountId);
    },

    /** Stripe.js's createConfirmationToken: a card's number checked as Stripe.js and test mode do. */
    createToken(accountId: string, card: CardInput, name: string | null = null): ConfirmationToken {
      const number = card.number.replace(/\s+/g, '');
      if (!isLuhnValid(number))
        throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'number' });
      const now = new Date();
      const isPast =
        card.expYear < now.getFullYear() ||
        (card.expYear === now.getFullYear() && card.expMonth < now.getMonth() + 1);
      if (!(card.expMonth >= 1 && card.expMonth <= 12) || isPast) {
        throw cardError('invalid_expiry_year', 'Your card’s expiration date is in the past.', {
          param: 'exp_year',
        });
      }
      if (!/^\d{3,4}$/.test(card.cvc))
        throw cardError('invalid_cvc', 'Your card’s security code is invalid.', { param: 'cvc' });
      const test = TEST_CARDS[number];
      if (!test) {
        throw cardError(
          'card_declined',
          'Your card was declined. Your request was in test mode, but used a non test card.',
        );
      }
      const token = newConfirmationToken({ ...test, ...card, number }, name);
      tokens.set(token.id, { accountId, token, number });
      return token;
    },

    token(accountId: string, id: string) {
      const found = tokens.get(id);
      if (!found || found.accountId !== accountId) throw missing('confirmation_token', id);
      return found.token;
    },

    /** POST /v1/payment_intents with confirm=true and a confirmation_token. */
    createIntent(
      accountId: string,
      params: {
        amount: number;
        currency: string;
        tokenId: string;
        description: string | null;
        metadata: Record<string, string>;
      },
    ) {
      if (!Number.isInteger(params.amount) || params.amount < 50) {
        throw invalidRequest('Amount must be at least $0.50 aud', {
          code: 'amount_too_small',
          param: 'amount',
        });
      }
      if (params.currency !== 'aud')
        throw invalidRequest(`Invalid currency: ${params.currency}`, { param: 'currency' });
      const held = tokens.get(params.tokenId);
      if (!held || held.accountId !== accountId) {
        throw invalidRequest(`No such confirmation_token: '${params.tokenId}'`, {
          code: 'resource_missing',
          param: 'confirmation_token',
        });
      }
      if (held.token.payment_intent || held.token.expires_at <= unixNow()) {
        throw invalidRequest('This ConfirmationToken has already been used or has expired.', {
          param: 'confirmation_token',
        });
      }
      const id = stripeId('pi');
      const intent: PaymentIntent = {
        id,
        object: 'payment_intent',
        amount: params.amount,
        amount_received: 0,
        currency: 'aud',
        status: 'processing',
        client_secret: `${id}_secret_${stripeId('s').slice(2)}`,
        confirmation_method: 'automatic',
        created: unixNow(),
        description: params.description,
        metadata: params.metadata,
        latest_charge: null,
        last_payment_error: null,
        cancellation_reason: null,
        next_action: null,
        payment_method: stripeId('pm'),
        allowed_payment_method_types: ['card'],
        payment_method_types: ['card'],
        livemode: false,
      };
      const entry = { accountId, intent, tokenId: params.tokenId };
      intents.set(id, entry);
      held.token.payment_intent = id;
      webhooks.emit('payment_intent.created', intent, accountId);
      const behaviour = TEST_CARDS[held.number]!.behaviour;
      if (behaviour.kind === 'DECLINED') {
        fail(entry, behaviour.code, behaviour.declineCode, behaviour.message);
        throw cardError(behaviour.code, behaviour.message, {
          decline_code: behaviour.declineCode,
          payment_intent: intent,
        });
      }
      if (behaviour.kind === 'REQUIRES_ACTION') {
        Object.assign(intent, {
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
        });
        webhooks.emit('payment_intent.requires_action', intent, accountId);
      } else if (options.settlement() === 'immediately') {
        succeed(entry);
      } else {
        // Answered as processing; Stripe finishes a moment later and says so by webhook.
        const settling = new Promise<void>((resolve) =>
          setTimeout(() => {
            if (intent.status === 'processing') succeed(entry);
            resolve();
          }, 20),
        );
        pending.add(settling);
        void settling.then(() => pending.delete(settling));
      }
      return intent;
    },

    intentOn,

    /** The bank's authentication page (handleNextAction): completed, or failed by the payer. */
    authenticate(id: string, clientSecret: string | undefined, result: string | undefined) {
      const entry = intents.get(id);
      if (!entry || entry.intent.client_secret !== clientSecret) throw missing('payment_intent', id);
      if (entry.intent.status !== 'requires_action') return entry.intent;
      if (result === 'fail') {
        fail(
          entry,
          'payment_intent_authentication_failure',
          'authentication_failure',
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        );
      } else {
        succeed(entry);
      }
      return entry.intent;
    },

    /** POST /v1/payment_intents/:id/cancel: only before it succeeded. */
    cancel(accountId: string, id: string, reason: PaymentIntent['cancellation_reason']) {
      const entry = intentOn(accountId, id);
      if (entry.intent.status === 'succeeded') {
        throw invalidRequest(`You cannot cancel this PaymentIntent because it has a status of succeeded.`, {
          code: 'payment_intent_unexpected_state',
        });
      }
      Object.assign(entry.intent, { status: 'canceled', next_action: null, cancellation_reason: reason });
      webhooks.emit('payment_intent.canceled', entry.intent, accountId);
      return entry.intent;
    },

    /** POST /v1/refunds: part or all of a PaymentIntent's charge. */
    refund(accountId: string, params: { paymentIntentId: string; amount?: number }): Refund {
      const { intent } = intentOn(accountId, params.paymentIntentId);
      const held = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!held) throw invalidRequest(`PaymentIntent ${intent.id} has no charge to refund.`);
      const { charge } = held;
      const remaining = charge.amount - charge.amount_refunded;
      const amount = params.amount ?? remaining;
      if (remaining === 0)
        throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
        throw invalidRequest(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
          { param: 'amount' },
        );
      }
      const refund: Refund = {
        id: stripeId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        payment_intent: intent.id,
        currency: charge.currency,
        status: 'succeeded',
        created: unixNow(),
        metadata: {},
      };
      refunds.set(refund.id, { accountId, refund });
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      webhooks.emit('refund.created', refund, accountId);
      webhooks.emit('charge.refunded', charge, accountId);
      return refund;
    },
  };
}

export type StandInStore = ReturnType<typeof createStandInStore>;
