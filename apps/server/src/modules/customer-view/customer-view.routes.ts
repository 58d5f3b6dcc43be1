import { enterCustomerView, leaveCustomerView } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import {
  clearCustomerViewCookie,
  setCustomerViewCookie,
} from '../../platform/tenancy/customer-view-cookie.ts';
import { createCustomerViewService } from './customer-view.service.ts';

export function customerViewRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createCustomerViewService(deps);
  const { appUrl } = deps.config;
  // Any member of the merchant: viewing the portal changes nothing, and Users take orders too.
  const merchant = access.merchant({ org: 'id' });

  registerEndpoint(app, enterCustomerView, {
    access: merchant,
    handler: async ({ actor, request, reply }) => {
      const view = await service.enter({ userId: actor.userId, merchantId: actor.organisationId });
      request.log.info({ userId: actor.userId, ...view }, 'customer view entered');
      setCustomerViewCookie(reply, { customerOrganisationId: view.customer_organisation_id, appUrl });
      return view;
    },
  });

  registerEndpoint(app, leaveCustomerView, {
    access: merchant,
    handler: async ({ actor, request, reply }) => {
      const view = await service.leave({ userId: actor.userId, merchantId: actor.organisationId });
      request.log.info({ userId: actor.userId, ...view }, 'customer view left');
      clearCustomerViewCookie(reply, appUrl);
      return view;
    },
  });
}
