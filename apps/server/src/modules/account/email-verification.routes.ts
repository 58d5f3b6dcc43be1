import { resendEmailVerification, verifyEmail } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createEmailVerificationService } from './email-verification.service.ts';

export function emailVerificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const verification = createEmailVerificationService(deps);

  registerEndpoint(app, verifyEmail, {
    access: access.user(),
    handler: async ({ actor, body }) => {
      await verification.verify({ userId: actor.userId, code: body.code });
      return { verified: true as const };
    },
  });

  registerEndpoint(app, resendEmailVerification, {
    access: access.user(),
    handler: async ({ actor }) => {
      await verification.resend(actor.userId);
      return { accepted: true as const };
    },
  });
}
