import { API_PREFIX, REFRESH_TOKEN_TTL_SECONDS, refreshSession, signIn, signOut } from '@tradeport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { createAuthService } from './auth.service.ts';

export const REFRESH_COOKIE = 'tp_refresh';

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = createAuthService(deps);
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.config.appUrl.startsWith('https://'),
    // Only the auth endpoints ever see the refresh token.
    path: `${API_PREFIX}/auth`,
  };
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions, maxAge: REFRESH_TOKEN_TTL_SECONDS });
  const presented = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];

  registerEndpoint(app, signIn, async ({ body, reply }) => {
    const session = await auth.signIn(body);
    setCookie(reply, session.refreshToken);
    return deps.tokens.issue(session.userId);
  });

  registerEndpoint(app, refreshSession, async ({ request, reply }) => {
    try {
      const session = await auth.refresh(presented(request));
      setCookie(reply, session.refreshToken);
      return await deps.tokens.issue(session.userId);
    } catch (error) {
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      throw error;
    }
  });

  registerEndpoint(app, signOut, async ({ request, reply }) => {
    await auth.signOut(presented(request));
    reply.clearCookie(REFRESH_COOKIE, cookieOptions);
    return { signed_out: true as const };
  });
}
