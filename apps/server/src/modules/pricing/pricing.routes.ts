import {
  addTierCustomer,
  addTierCustomers,
  createPricingTier,
  deletePricingTier,
  getPricingTier,
  getTierProduct,
  listPricingTiers,
  listTierCustomers,
  listTierItems,
  removeTierCustomer,
  removeTierProduct,
  setTierItem,
  setTierItems,
  updatePricingTier,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerGroupRoutes } from '../product-groups/product-groups.routes.ts';
import { pricingTierKind } from './pricing-tier-kind.ts';

/** products/pricing/organisation/{id}/tier/{tid}…: the shared group routes, for pricing tiers. */
export function pricingRoutes(app: FastifyInstance, deps: AppDeps) {
  registerGroupRoutes(app, deps, {
    kind: pricingTierKind,
    endpoints: {
      list: listPricingTiers,
      create: createPricingTier,
      get: getPricingTier,
      update: updatePricingTier,
      remove: deletePricingTier,
      listItems: listTierItems,
      setItems: setTierItems,
      setItem: setTierItem,
      getProduct: getTierProduct,
      removeProduct: removeTierProduct,
      listCustomers: listTierCustomers,
      addCustomers: addTierCustomers,
      addCustomer: addTierCustomer,
      removeCustomer: removeTierCustomer,
    },
  });
}
