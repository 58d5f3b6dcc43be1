import type { groupEndpoints } from '@tradeport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireUserId } from '../../platform/auth/authenticate.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { requireMembership } from '../../platform/tenancy/membership.ts';
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
  const { db } = deps.database;
  const endpoints = options.endpoints;

  const reader = (request: FastifyRequest, merchantId: string) =>
    requireMembership({ db, userId: requireUserId(request), organisationId: merchantId, kind: 'MERCHANT' });
  const admin = (request: FastifyRequest, merchantId: string) =>
    requireMembership({
      db,
      userId: requireUserId(request),
      organisationId: merchantId,
      kind: 'MERCHANT',
      level: 'Admin',
    });

  registerEndpoint(app, endpoints.list, async ({ request, params, query }) => {
    await reader(request, params.id);
    return service.list({ merchantId: params.id, ...query });
  });

  registerEndpoint(app, endpoints.create, async ({ request, params, body }) => {
    await admin(request, params.id);
    return service.create({ merchantId: params.id, input: body });
  });

  registerEndpoint(app, endpoints.get, async ({ request, params }) => {
    await reader(request, params.id);
    return service.get({ merchantId: params.id, groupId: params.gid });
  });

  registerEndpoint(app, endpoints.update, async ({ request, params, body }) => {
    await admin(request, params.id);
    const { version, ...input } = body;
    return service.update({ merchantId: params.id, groupId: params.gid, input, version });
  });

  registerEndpoint(app, endpoints.remove, async ({ request, params }) => {
    await admin(request, params.id);
    return service.remove({ merchantId: params.id, groupId: params.gid });
  });

  registerEndpoint(app, endpoints.listItems, async ({ request, params, query }) => {
    await reader(request, params.id);
    return service.listItems({ merchantId: params.id, groupId: params.gid, ...query });
  });

  // The contract has validated the body against this kind's schema; the casts only name it.
  registerEndpoint(app, endpoints.setItems, async ({ request, params, body }) => {
    await admin(request, params.id);
    return service.setItems({ merchantId: params.id, groupId: params.gid, input: body as ItemsInput });
  });

  registerEndpoint(app, endpoints.setItem, async ({ request, params, body }) => {
    await admin(request, params.id);
    return service.setItem({ merchantId: params.id, groupId: params.gid, input: body as ItemInput });
  });

  registerEndpoint(app, endpoints.getProduct, async ({ request, params }) => {
    await reader(request, params.id);
    return service.getProduct({ merchantId: params.id, groupId: params.gid, productId: params.pid });
  });

  registerEndpoint(app, endpoints.removeProduct, async ({ request, params }) => {
    await admin(request, params.id);
    return service.removeProduct({ merchantId: params.id, groupId: params.gid, productId: params.pid });
  });

  registerEndpoint(app, endpoints.listCustomers, async ({ request, params, query }) => {
    await reader(request, params.id);
    return service.listCustomers({ merchantId: params.id, groupId: params.gid, ...query });
  });

  registerEndpoint(app, endpoints.addCustomers, async ({ request, params, body }) => {
    await admin(request, params.id);
    return service.addCustomers({
      merchantId: params.id,
      groupId: params.gid,
      accountIds: body.customer_ids,
    });
  });

  registerEndpoint(app, endpoints.addCustomer, async ({ request, params }) => {
    await admin(request, params.id);
    return service.addCustomer({ merchantId: params.id, groupId: params.gid, accountId: params.cid });
  });

  registerEndpoint(app, endpoints.removeCustomer, async ({ request, params }) => {
    await admin(request, params.id);
    return service.removeCustomer({ merchantId: params.id, groupId: params.gid, accountId: params.cid });
  });
}
