import { getMerchantHome } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createMerchantHome } from './merchant-home.service.ts';

/** The merchant's home figures (a customer organisation's member gets 403 on its own id). */
export function reportsRoutes(app: FastifyInstance, deps: AppDeps) {
  const home = createMerchantHome(deps);

  registerEndpoint(app, getMerchantHome, {
    // The membership check reads the merchant's row: its time zone costs no round trip of its own.
    access: access.merchantReadingOrganisation({ org: 'id' }),
    handler: async ({ actor }) =>
      home.get({ id: actor.organisationId, timeZone: actor.organisation.timeZone }),
  });
}
