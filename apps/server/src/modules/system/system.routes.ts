import { getEnvironment, getHealth, getReadiness } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';

export function systemRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getEnvironment, {
    access: access.public(),
    handler: async () => ({ environment: deps.config.environment }),
  });

  registerEndpoint(app, getHealth, {
    access: access.public(),
    handler: async () => {
      try {
        await deps.database.ping();
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering.');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });

  registerEndpoint(app, getReadiness, {
    access: access.public(),
    handler: async ({ reply }) => {
      const readiness = await deps.readiness.check();
      if (!readiness.ready) {
        reply.header('retry-after', '5');
        throw new AppError('SERVICE_UNAVAILABLE', readiness.reason);
      }
      return { status: 'ready' as const };
    },
  });
}
