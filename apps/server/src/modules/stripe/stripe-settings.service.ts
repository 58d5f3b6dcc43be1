import { cardFeeSchedule, type StripeSettings } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { StripeGateway } from '../../integrations/stripe/stripe-gateway.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { checkConnectState, makeConnectState } from './connect-state.ts';
import {
  deleteStripeAccount,
  findStripeAccount,
  insertStripeAccount,
  type StripeAccountRow,
  updateAccountFlags,
  updateFeePassedOn,
} from './stripe-accounts.queries.ts';

// A merchant's Stripe connection (SPEC §2 /stripe/settings): connect through Stripe's OAuth consent
// page, choose whether card fees are passed on, disconnect. Merchant Admins only (the routes say so).

/** Where Stripe sends the person back: the settings screen, which finishes with `…/settings/oauth`. */
export const CONNECT_RETURN_PATH = '/stripe/settings';

export const cardPaymentsNotSetUp = () =>
  new AppError(
    'CARD_PAYMENTS_NOT_SET_UP',
    'Card payments are not set up on this server: it needs its Stripe keys (STRIPE_SECRET_KEY and the rest).',
  );

export function toStripeSettings(row: StripeAccountRow | undefined, isSetUp: boolean): StripeSettings {
  return {
    is_set_up: isSetUp,
    status: !row ? 'NOT_CONNECTED' : row.isChargesEnabled ? 'CONNECTED' : 'PENDING',
    stripe_account_id: row?.stripeAccountId ?? null,
    is_charges_enabled: row?.isChargesEnabled ?? false,
    is_details_submitted: row?.isDetailsSubmitted ?? false,
    // Passed on unless the merchant chooses otherwise (the column's default).
    is_fee_passed_on: row?.isFeePassedOn ?? true,
    connected_at: row?.connectedAt.toISOString() ?? null,
    version: row?.version ?? null,
    fees: cardFeeSchedule(),
  };
}

export function createStripeSettingsService({
  database: { db },
  config,
  stripe,
  now,
}: Pick<AppDeps, 'database' | 'config' | 'stripe' | 'now'>) {
  const answer = (row: StripeAccountRow | undefined) => toStripeSettings(row, stripe !== undefined);

  function setUp(): { gateway: StripeGateway; secretKey: string } {
    if (!stripe || !config.stripe) throw cardPaymentsNotSetUp();
    return { gateway: stripe, secretKey: config.stripe.secretKey };
  }

  return {
    async get(merchantId: string): Promise<StripeSettings> {
      let row = await findStripeAccount(db, merchantId);
      // Still waiting for Stripe (details to submit): ask again, so the screen is right as soon as
      // the merchant has finished at Stripe even where webhooks cannot reach this server.
      if (row && !row.isChargesEnabled && stripe) {
        const flags = await stripe.retrieveAccount(row.stripeAccountId).catch(() => undefined);
        if (flags) {
          row =
            (await updateAccountFlags(db, {
              stripeAccountId: flags.id,
              isChargesEnabled: flags.isChargesEnabled,
              isDetailsSubmitted: flags.isDetailsSubmitted,
              now: now(),
            })) ?? row;
        }
      }
      return answer(row);
    },

    async startConnect(options: { merchantId: string; userId: string }): Promise<{ url: string }> {
      const { gateway, secretKey } = setUp();
      if (await findStripeAccount(db, options.merchantId)) {
        throw conflict('A Stripe account is already connected. Disconnect it first to connect another.');
      }
      const state = makeConnectState(secretKey, { ...options, now: now() });
      return { url: gateway.authorizeUrl({ state, redirectUri: `${config.appUrl}${CONNECT_RETURN_PATH}` }) };
    },

    async completeConnect(options: {
      merchantId: string;
      userId: string;
      code: string;
      state: string;
    }): Promise<StripeSettings> {
      const { gateway, secretKey } = setUp();
      checkConnectState(secretKey, options.state, { ...options, now: now() });
      if (await findStripeAccount(db, options.merchantId)) {
        throw conflict('A Stripe account is already connected. Disconnect it first to connect another.');
      }
      const accountId = await gateway.exchangeCode(options.code);
      const flags = await gateway.retrieveAccount(accountId);
      try {
        const row = await insertStripeAccount(db, {
          merchantId: options.merchantId,
          stripeAccountId: accountId,
          isChargesEnabled: flags.isChargesEnabled,
          isDetailsSubmitted: flags.isDetailsSubmitted,
          connectedByUserId: options.userId,
          now: now(),
        });
        if (!row) throw conflict('A Stripe account was connected meanwhile.');
        return answer(row);
      } catch (error) {
        if (uniqueViolation(error)) {
          throw conflict('This Stripe account is already connected to another merchant on Tradeport.');
        }
        throw error;
      }
    },

    async update(options: { merchantId: string; version: number; isFeePassedOn: boolean }) {
      const row = await updateFeePassedOn(db, { ...options, now: now() });
      if (row) return answer(row);
      const current = await findStripeAccount(db, options.merchantId);
      throw conflict(
        current
          ? 'These settings were changed meanwhile. Reload them and choose again.'
          : 'Connect a Stripe account first.',
      );
    },

    /** Revokes our access at Stripe first: if Stripe cannot be reached, nothing is forgotten. */
    async disconnect(merchantId: string): Promise<StripeSettings> {
      const row = await findStripeAccount(db, merchantId);
      if (!row) return answer(undefined);
      await setUp().gateway.deauthorize(row.stripeAccountId);
      await deleteStripeAccount(db, { merchantId, stripeAccountId: row.stripeAccountId });
      return answer(undefined);
    },
  };
}
