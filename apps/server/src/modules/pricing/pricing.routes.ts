import { pricingTierEndpoints, setTierPercentOff } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { registerGroupRoutes } from '../product-groups/product-groups.routes.ts';
import { pricingTierKind } from './pricing-tier-kind.ts';
import { createTierPercentOffService } from './tier-percent-off.service.ts';

/** products/pricing/organisation/{id}/tier/{tid}…: the shared group routes, for pricing tiers. */
export function pricingRoutes(app: FastifyInstance, deps: AppDeps) {
  registerGroupRoutes(app, deps, {
    kind: pricingTierKind,
    endpoints: pricingTierEndpoints,
  });

  const percentOff = createTierPercentOffService(deps);
  // A change of prices, so an Admin's, like every other tier write.
  registerEndpoint(app, setTierPercentOff, {
    access: access.merchant({ org: 'id', level: 'Admin' }),
    handler: async ({ actor, params, body }) =>
      percentOff.apply({ merchantId: actor.organisationId, tierId: params.gid, input: body }),
  });
}
