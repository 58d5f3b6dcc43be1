import { pricingTierEndpoints } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerGroupRoutes } from '../product-groups/product-groups.routes.ts';
import { pricingTierKind } from './pricing-tier-kind.ts';

/** products/pricing/organisation/{id}/tier/{tid}…: the shared group routes, for pricing tiers. */
export function pricingRoutes(app: FastifyInstance, deps: AppDeps) {
  registerGroupRoutes(app, deps, {
    kind: pricingTierKind,
    endpoints: pricingTierEndpoints,
  });
}
