import { getCurrentUser, ORGANISATION_HEADER } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireUserId } from '../../platform/auth/authenticate.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { createUsersService } from './users.service.ts';

export function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  const usersService = createUsersService(deps);

  registerEndpoint(app, getCurrentUser, async ({ request }) => {
    const header = request.headers[ORGANISATION_HEADER];
    return usersService.getCurrentUser({
      userId: requireUserId(request),
      requestedOrganisationId: typeof header === 'string' ? header : undefined,
    });
  });
}
