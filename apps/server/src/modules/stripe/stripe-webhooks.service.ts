import type { AppDeps } from '../../app-deps.ts';
import type { StripeEvent } from '../../integrations/stripe/stripe-gateway.ts';
import type { Db } from '../../platform/db/client.ts';
import { findStripeAccountByStripeId, updateAccountFlags } from './stripe-accounts.queries.ts';
import { claimStripeEvent, forgetStripeAccount } from './stripe-events.queries.ts';
import { cardPaymentsNotSetUp } from './stripe-settings.service.ts';

// Stripe's webhooks: verified (signature and age), then each event applied exactly once. What an
// event needs from Stripe is read first, outside any transaction; its effect and the record that
// it was applied (stripe_events) commit together, so a repeated or concurrent delivery finds the
// record and changes nothing. Effects read Stripe's current state of the object rather than the
// event's snapshot, so events applied in any order leave the same result.

/** What applying an event does, inside its transaction. */
export type EventEffect = (tx: Db) => Promise<void>;

/** Reads what an event needs (outside the transaction) and answers its effect; undefined: nothing to do. */
export type EventPreparer = (event: StripeEvent) => Promise<EventEffect | undefined>;

export function createStripeWebhookService(
  deps: Pick<AppDeps, 'database' | 'stripe' | 'now'>,
  preparers: Record<string, EventPreparer>,
) {
  const { db } = deps.database;
  return {
    async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
      const gateway = deps.stripe;
      if (!gateway) throw cardPaymentsNotSetUp();
      const event = gateway.verifyWebhook(rawBody ?? Buffer.alloc(0), signature);
      const effect = await preparers[event.type]?.(event);
      await db.transaction(async (tx) => {
        const isFirst = await claimStripeEvent(tx, {
          id: event.id,
          type: event.type,
          stripeAccountId: event.account ?? null,
          now: deps.now(),
        });
        if (isFirst) await effect?.(tx);
      });
      return { received: true };
    },
  };
}

/** A connected account's events: what it can do now, and our access being revoked. */
export function accountEventPreparers(
  deps: Pick<AppDeps, 'database' | 'stripe' | 'now'>,
): Record<string, EventPreparer> {
  return {
    'account.updated': async (event) => {
      const accountId = event.account ?? (event.data.object as { id?: string }).id;
      // Only accounts connected here are asked about (an account disconnected since is not).
      if (!accountId || !deps.stripe || !(await findStripeAccountByStripeId(deps.database.db, accountId))) {
        return undefined;
      }
      const flags = await deps.stripe.retrieveAccount(accountId);
      return async (tx) => {
        await updateAccountFlags(tx, {
          stripeAccountId: flags.id,
          isChargesEnabled: flags.isChargesEnabled,
          isDetailsSubmitted: flags.isDetailsSubmitted,
          now: deps.now(),
        });
      };
    },
    'account.application.deauthorized': async (event) => {
      const accountId = event.account;
      if (!accountId) return undefined;
      return async (tx) => {
        // Stripe stamps events in whole seconds: the revocation happened before that second ended.
        await forgetStripeAccount(tx, {
          stripeAccountId: accountId,
          revokedAt: new Date((event.created + 1) * 1000),
        });
      };
    },
  };
}
