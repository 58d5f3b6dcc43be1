import {
  completeStripeConnect,
  disconnectStripe,
  getStripeSettings,
  STRIPE_SIGNATURE_HEADER,
  startStripeConnect,
  stripeWebhook,
  updateStripeSettings,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { billingEventPreparers } from '../billing/billing-webhooks.ts';
import { cardPaymentEventPreparers } from './card-payment-webhooks.ts';
import { createStripeSettingsService } from './stripe-settings.service.ts';
import { accountEventPreparers, createStripeWebhookService } from './stripe-webhooks.service.ts';

// Stripe Connect settings: the merchant's Admins only (SPEC §6: integrations need an Admin). The
// webhook endpoint is public: Stripe proves itself with the signature instead. It takes connected
// accounts' events (card payments, the connection) and Tradeport's own account's (the merchants'
// subscriptions: modules/billing), each applied once.

const asAdmin = access.merchant({ org: 'id', level: 'Admin' });

export function stripeRoutes(app: FastifyInstance, deps: AppDeps) {
  const settings = createStripeSettingsService(deps);
  const webhooks = createStripeWebhookService(deps, {
    ...accountEventPreparers(deps),
    ...cardPaymentEventPreparers(deps),
    ...billingEventPreparers(deps),
  });

  registerEndpoint(app, getStripeSettings, {
    access: asAdmin,
    handler: async ({ actor }) => settings.get(actor.organisationId),
  });

  registerEndpoint(app, startStripeConnect, {
    access: asAdmin,
    handler: async ({ actor }) =>
      settings.startConnect({ merchantId: actor.organisationId, userId: actor.userId }),
  });

  registerEndpoint(app, completeStripeConnect, {
    access: asAdmin,
    handler: async ({ actor, body }) =>
      settings.completeConnect({
        merchantId: actor.organisationId,
        userId: actor.userId,
        code: body.code,
        state: body.state,
      }),
  });

  registerEndpoint(app, updateStripeSettings, {
    access: asAdmin,
    handler: async ({ actor, body }) =>
      settings.update({
        merchantId: actor.organisationId,
        version: body.version,
        isFeePassedOn: body.is_fee_passed_on,
      }),
  });

  registerEndpoint(app, disconnectStripe, {
    access: asAdmin,
    handler: async ({ actor }) => settings.disconnect(actor.organisationId),
  });

  registerEndpoint(app, stripeWebhook, {
    access: access.public(),
    handler: async ({ rawBody, request }) => {
      const signature = request.headers[STRIPE_SIGNATURE_HEADER];
      return webhooks.receive(rawBody, typeof signature === 'string' ? signature : undefined);
    },
  });
}
