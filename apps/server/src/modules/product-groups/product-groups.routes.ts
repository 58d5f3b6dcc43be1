import type { groupEndpoints } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import type { GroupKind, ProductEntry } from './group-kind.ts';
import { createGroupService } from './product-groups.service.ts';

/** The fourteen endpoints one kind declares in the contract (product-groups.ts). */
export type GroupEndpoints = ReturnType<typeof groupEndpoints>;

/**
 * Registers one kind's endpoints. Only members of the merchant reach a tier or group: a member
 * of a customer organisation gets 403, anyone else 404.
 *
 * Decision: pricing tiers and visibility groups are the merchant's commercial terms (who pays
 * what, who may buy what), so any member may read them but only an Admin may change them — a
 * User gets 403 on every write, unlike catalogue vocabulary, which any member may manage.
 */
export function registerGroupRoutes<ItemsInput, ItemInput, Item, Entry extends ProductEntry>(
  app: FastifyInstance,
  deps: AppDeps,
  options: { kind: GroupKind<ItemsInput, ItemInput, Item, Entry>; endpoints: GroupEndpoints },
) {
  const service = createGroupService(deps, options.kind);
  const endpoints = options.endpoints;
  const reader = access.merchant({ org: 'id' });
  const admin = access.merchant({ org: 'id', level: 'Admin' });

  registerEndpoint(app, endpoints.list, {
    access: reader,
    handler: async ({ actor, query }) => service.list({ merchantId: actor.organisationId, ...query }),
  });

  registerEndpoint(app, endpoints.create, {
    access: admin,
    handler: async ({ actor, body }) => service.create({ merchantId: actor.organisationId, input: body }),
  });

  registerEndpoint(app, endpoints.get, {
    access: reader,
    handler: async ({ actor, params }) =>
      service.get({ merchantId: actor.organisationId, groupId: params.gid }),
  });

  registerEndpoint(app, endpoints.update, {
    access: admin,
    handler: async ({ actor, params, body }) => {
      const { version, ...input } = body;
      return service.update({ merchantId: actor.organisationId, groupId: params.gid, input, version });
    },
  });

  registerEndpoint(app, endpoints.remove, {
    access: admin,
    handler: async ({ actor, params }) =>
      service.remove({ merchantId: actor.organisationId, groupId: params.gid }),
  });

  registerEndpoint(app, endpoints.listItems, {
    access: reader,
    handler: async ({ actor, params, query }) =>
      service.listItems({ merchantId: actor.organisationId, groupId: params.gid, ...query }),
  });

  // The contract has validated the body against this kind's schema; the casts only name it.
  registerEndpoint(app, endpoints.setItems, {
    access: admin,
    handler: async ({ actor, params, body }) =>
      service.setItems({ merchantId: actor.organisationId, groupId: params.gid, input: body as ItemsInput }),
  });

  registerEndpoint(app, endpoints.setItem, {
    access: admin,
    handler: async ({ actor, params, body }) =>
      service.setItem({ merchantId: actor.organisationId, groupId: params.gid, input: body as ItemInput }),
  });

  registerEndpoint(app, endpoints.getProduct, {
    access: reader,
    handler: async ({ actor, params }) =>
      service.getProduct({ merchantId: actor.organisationId, groupId: params.gid, productId: params.pid }),
  });

  registerEndpoint(app, endpoints.removeProduct, {
    access: admin,
    handler: async ({ actor, params }) =>
      service.removeProduct({ merchantId: actor.organisationId, groupId: params.gid, productId: params.pid }),
  });

  registerEndpoint(app, endpoints.listCustomers, {
    access: reader,
    handler: async ({ actor, params, query }) =>
      service.listCustomers({ merchantId: actor.organisationId, groupId: params.gid, ...query }),
  });

  registerEndpoint(app, endpoints.addCustomers, {
    access: admin,
    handler: async ({ actor, params, body }) =>
      service.addCustomers({
        merchantId: actor.organisationId,
        groupId: params.gid,
        accountIds: body.customer_ids,
      }),
  });

  registerEndpoint(app, endpoints.addCustomer, {
    access: admin,
    handler: async ({ actor, params }) =>
      service.addCustomer({ merchantId: actor.organisationId, groupId: params.gid, accountId: params.cid }),
  });

  registerEndpoint(app, endpoints.removeCustomer, {
    access: admin,
    handler: async ({ actor, params }) =>
      service.removeCustomer({
        merchantId: actor.organisationId,
        groupId: params.gid,
        accountId: params.cid,
      }),
  });
}
