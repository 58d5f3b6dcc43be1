import { resendEmailVerification, verifyEmail } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireUserId } from '../../platform/auth/authenticate.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { createEmailVerificationService } from './email-verification.service.ts';

export function emailVerificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const verification = createEmailVerificationService(deps);

  registerEndpoint(app, verifyEmail, async ({ request, body }) => {
    await verification.verify({ userId: requireUserId(request), code: body.code });
    return { verified: true as const };
  });

  registerEndpoint(app, resendEmailVerification, async ({ request }) => {
    await verification.resend(requireUserId(request));
    return { accepted: true as const };
  });
}
