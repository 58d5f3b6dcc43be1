import { ACCOUNTING_ENDPOINTS, type ServedAccountingProvider } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createAccountingConnections } from './accounting-connections.service.ts';

/**
 * `/{provider}/organisation/{id}/settings…` for each provider: the merchant's Admins only (SPEC §6:
 * integrations need an Admin); a User or a customer organisation gets 403, another merchant 404.
 */
export function accountingRoutes(app: FastifyInstance, deps: AppDeps) {
  const connections = createAccountingConnections(deps);
  const asAdmin = access.merchantReadingOrganisation({ org: 'id', level: 'Admin' });

  for (const provider of Object.keys(ACCOUNTING_ENDPOINTS) as ServedAccountingProvider[]) {
    const endpoints = ACCOUNTING_ENDPOINTS[provider];

    registerEndpoint(app, endpoints.getConnection, {
      access: asAdmin,
      handler: async ({ actor }) => connections.get(actor.organisationId, provider),
    });

    registerEndpoint(app, endpoints.startConnect, {
      access: asAdmin,
      handler: async ({ actor }) =>
        connections.startConnect({ merchantId: actor.organisationId, userId: actor.userId, provider }),
    });

    registerEndpoint(app, endpoints.completeConnect, {
      access: asAdmin,
      handler: async ({ actor, body }) =>
        connections.completeConnect({
          merchantId: actor.organisationId,
          userId: actor.userId,
          provider,
          code: body.code,
          state: body.state,
          realmId: body.realm_id,
        }),
    });

    registerEndpoint(app, endpoints.chooseTenant, {
      access: asAdmin,
      handler: async ({ actor, body }) =>
        connections.chooseTenant({
          merchantId: actor.organisationId,
          provider,
          tenantId: body.tenant_id,
          version: body.version,
        }),
    });

    registerEndpoint(app, endpoints.saveMapping, {
      access: asAdmin,
      handler: async ({ actor, body }) => {
        const { version, ...mapping } = body;
        return connections.saveMapping({ merchantId: actor.organisationId, provider, mapping, version });
      },
    });

    registerEndpoint(app, endpoints.getBooks, {
      access: asAdmin,
      handler: async ({ actor }) => connections.books(actor.organisationId, provider),
    });

    registerEndpoint(app, endpoints.disconnect, {
      access: asAdmin,
      handler: async ({ actor, body }) =>
        connections.disconnect({ merchantId: actor.organisationId, provider, version: body.version }),
    });
  }
}
