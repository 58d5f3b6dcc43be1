import { getBilling, openBillingPortal, startBillingCheckout } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createBillingService } from './billing.service.ts';

// The merchant's Tradeport subscription: its Admins only (a User or a customer organisation's
// member gets 403, another organisation 404). Reachable after the merchant's access has lapsed
// (deactivate_date passed): this is where it pays to get it back. Stripe's events reach the billing
// module through the Stripe webhook endpoint (stripe.routes.ts, billing-webhooks.ts).

const asAdmin = access.merchantReadingOrganisation({ org: 'id', level: 'Admin', isLapsedAllowed: true });

export function billingRoutes(app: FastifyInstance, deps: AppDeps) {
  const billing = createBillingService(deps);

  registerEndpoint(app, getBilling, {
    access: asAdmin,
    handler: async ({ actor, query }) =>
      billing.get({ merchantId: actor.organisationId, organisation: actor.organisation, flow: query.flow }),
  });

  registerEndpoint(app, startBillingCheckout, {
    access: asAdmin,
    handler: async ({ actor, body }) =>
      billing.startCheckout({
        merchantId: actor.organisationId,
        organisation: actor.organisation,
        flow: body.flow,
        plan: body.plan,
      }),
  });

  registerEndpoint(app, openBillingPortal, {
    access: asAdmin,
    handler: async ({ actor, body }) =>
      billing.openPortal({ merchantId: actor.organisationId, flow: body.flow }),
  });
}
