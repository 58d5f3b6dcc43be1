import {
  assignShippingMethodCustomer,
  assignShippingMethodCustomers,
  createShippingMethod,
  deleteShippingMethod,
  getShippingMethod,
  listShippingMethodCustomers,
  listShippingMethods,
  listShippingMethodsForCustomer,
  unassignShippingMethodCustomer,
  updateShippingMethod,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createShippingService } from './shipping.service.ts';

/**
 * shipping/methods/organisation/{id}…: a merchant's delivery methods. Only the merchant's members
 * reach them (a customer organisation's member gets 403, anyone else 404).
 *
 * Decision: like pricing tiers, delivery methods are the merchant's commercial terms (what a
 * customer pays to receive an order, and when), so any member may read them but only an Admin
 * may change them or who they are offered to.
 */
export function shippingRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createShippingService(deps);
  const reader = access.merchant({ org: 'id' });
  const admin = access.merchant({ org: 'id', level: 'Admin' });

  registerEndpoint(app, listShippingMethods, {
    access: reader,
    handler: async ({ actor, query }) => service.list({ merchantId: actor.organisationId, ...query }),
  });

  registerEndpoint(app, createShippingMethod, {
    access: admin,
    handler: async ({ actor, body }) => service.create({ merchantId: actor.organisationId, input: body }),
  });

  registerEndpoint(app, getShippingMethod, {
    access: reader,
    handler: async ({ actor, params }) =>
      service.get({ merchantId: actor.organisationId, methodId: params.mid }),
  });

  registerEndpoint(app, updateShippingMethod, {
    access: admin,
    handler: async ({ actor, params, body }) => {
      const { version, ...input } = body;
      return service.update({ merchantId: actor.organisationId, methodId: params.mid, input, version });
    },
  });

  registerEndpoint(app, deleteShippingMethod, {
    access: admin,
    handler: async ({ actor, params }) =>
      service.remove({ merchantId: actor.organisationId, methodId: params.mid }),
  });

  registerEndpoint(app, listShippingMethodCustomers, {
    access: reader,
    handler: async ({ actor, params, query }) =>
      service.listCustomers({ merchantId: actor.organisationId, methodId: params.mid, ...query }),
  });

  registerEndpoint(app, assignShippingMethodCustomers, {
    access: admin,
    handler: async ({ actor, params, body }) =>
      service.addCustomers({
        merchantId: actor.organisationId,
        methodId: params.mid,
        accountIds: body.customer_ids,
      }),
  });

  registerEndpoint(app, assignShippingMethodCustomer, {
    access: admin,
    handler: async ({ actor, params }) =>
      service.addCustomer({ merchantId: actor.organisationId, methodId: params.mid, accountId: params.cid }),
  });

  registerEndpoint(app, unassignShippingMethodCustomer, {
    access: admin,
    handler: async ({ actor, params }) =>
      service.removeCustomer({
        merchantId: actor.organisationId,
        methodId: params.mid,
        accountId: params.cid,
      }),
  });

  registerEndpoint(app, listShippingMethodsForCustomer, {
    access: reader,
    handler: async ({ actor, params }) =>
      service.offeredTo({ merchantId: actor.organisationId, accountId: params.cid }),
  });
}
