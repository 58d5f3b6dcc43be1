import { ACCOUNTING_SYNC_ENDPOINTS, type ServedAccountingProvider } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createAccountingSyncHealth } from './accounting-sync-health.service.ts';

/** `/{provider}/organisation/{id}/settings/sync…`: the merchant's Admins, as the rest of the settings. */
export function accountingSyncRoutes(app: FastifyInstance, deps: AppDeps) {
  const health = createAccountingSyncHealth(deps);
  const asAdmin = access.merchantReadingOrganisation({ org: 'id', level: 'Admin' });

  for (const provider of Object.keys(ACCOUNTING_SYNC_ENDPOINTS) as ServedAccountingProvider[]) {
    const endpoints = ACCOUNTING_SYNC_ENDPOINTS[provider];

    registerEndpoint(app, endpoints.getHealth, {
      access: asAdmin,
      handler: async ({ actor, query }) =>
        health.health({ merchantId: actor.organisationId, provider, sourceId: query.source_id }),
    });

    registerEndpoint(app, endpoints.retry, {
      access: asAdmin,
      handler: async ({ actor, params }) =>
        health.retry({ merchantId: actor.organisationId, provider, recordId: params.rid }),
    });
  }
}
