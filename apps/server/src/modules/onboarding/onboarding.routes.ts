import { getOnboardingProgress } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createOnboardingService } from './onboarding.service.ts';

/**
 * The merchant's onboarding checklist, for any of its members (a customer organisation's member
 * gets 403 on its own id, another organisation 404).
 */
export function onboardingRoutes(app: FastifyInstance, deps: AppDeps) {
  const onboarding = createOnboardingService(deps);

  registerEndpoint(app, getOnboardingProgress, {
    access: access.merchantReadingOrganisation({ org: 'id' }),
    handler: async ({ actor }) => onboarding.progress(actor.organisationId),
  });
}
