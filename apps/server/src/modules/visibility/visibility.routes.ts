import { visibilityGroupEndpoints } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerGroupRoutes } from '../product-groups/product-groups.routes.ts';
import { visibilityGroupKind } from './visibility-group-kind.ts';

/** products/visibility/organisation/{id}/group/{gid}…: the shared group routes, for visibility groups. */
export function visibilityRoutes(app: FastifyInstance, deps: AppDeps) {
  registerGroupRoutes(app, deps, {
    kind: visibilityGroupKind,
    endpoints: visibilityGroupEndpoints,
  });
}
