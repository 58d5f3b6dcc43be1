import { refreshSession, signIn, signOut } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createAuthService } from './auth.service.ts';
import { clearRefreshCookie, presentedRefreshToken, setRefreshCookie } from './session-cookie.ts';

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = createAuthService(deps);
  const { appUrl } = deps.config;

  registerEndpoint(app, signIn, {
    access: access.public(),
    handler: async ({ body, request, reply }) => {
      const session = await auth.signIn({ credentials: body, clientAddress: request.ip });
      setRefreshCookie(reply, { token: session.refreshToken, appUrl });
      return deps.tokens.issue(session.userId);
    },
  });

  // The refresh cookie is the credential here, not a bearer token.
  registerEndpoint(app, refreshSession, {
    access: access.public(),
    handler: async ({ request, reply }) => {
      try {
        const session = await auth.refresh(presentedRefreshToken(request));
        setRefreshCookie(reply, { token: session.refreshToken, appUrl });
        return await deps.tokens.issue(session.userId);
      } catch (error) {
        clearRefreshCookie(reply, appUrl);
        throw error;
      }
    },
  });

  registerEndpoint(app, signOut, {
    access: access.public(),
    handler: async ({ request, reply }) => {
      await auth.signOut(presentedRefreshToken(request));
      clearRefreshCookie(reply, appUrl);
      return { signed_out: true as const };
    },
  });
}
