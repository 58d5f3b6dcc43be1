import { getMyAccountWithMerchant, listMyMerchants, ORGANISATION_HEADER } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createCustomerPortalService } from './customer-portal.service.ts';

/** The customer side, acting for the customer organisation named in X-Organisation-Id. */
export function customerPortalRoutes(app: FastifyInstance, deps: AppDeps) {
  const portal = createCustomerPortalService(deps);
  const asCustomer = access.customer({ org: { header: ORGANISATION_HEADER } });

  registerEndpoint(app, listMyMerchants, {
    access: asCustomer,
    handler: async ({ actor }) => portal.listMerchants(actor.organisationId),
  });

  registerEndpoint(app, getMyAccountWithMerchant, {
    access: asCustomer,
    handler: async ({ actor, params }) =>
      portal.getAccountWithMerchant({ customerOrganisationId: actor.organisationId, merchantId: params.id }),
  });
}
