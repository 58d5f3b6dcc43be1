import { getCurrentUser, ORGANISATION_HEADER } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { presentedCustomerView } from '../../platform/tenancy/customer-view-cookie.ts';
import { createUsersService } from './users.service.ts';

export function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  const usersService = createUsersService(deps, app.accessQueries);

  // The header only says which organisation to show first; any, or none, is a valid request.
  registerEndpoint(app, getCurrentUser, {
    access: access.user(),
    handler: async ({ actor, request }) => {
      const header = request.headers[ORGANISATION_HEADER];
      return usersService.getCurrentUser({
        userId: actor.userId,
        requestedOrganisationId: typeof header === 'string' ? header : undefined,
        customerViewId: presentedCustomerView(request),
      });
    },
  });
}
