import { API_PREFIX, REFRESH_TOKEN_TTL_SECONDS } from '@tradeport/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { insertRefreshToken } from './refresh-tokens.queries.ts';

const REFRESH_COOKIE = 'tp_refresh';

function refreshCookieOptions(appUrl: string) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: appUrl.startsWith('https://'),
    // Only the auth endpoints ever see the refresh token.
    path: `${API_PREFIX}/auth`,
  };
}

export const presentedRefreshToken = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];

export function setRefreshCookie(reply: FastifyReply, options: { token: string; appUrl: string }) {
  reply.setCookie(REFRESH_COOKIE, options.token, {
    ...refreshCookieOptions(options.appUrl),
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply, appUrl: string) {
  reply.clearCookie(REFRESH_COOKIE, refreshCookieOptions(appUrl));
}

/** Starts a session for `userId` in this browser: a new refresh family and an access token. */
export async function startSession(options: {
  deps: Pick<AppDeps, 'config' | 'tokens' | 'now'>;
  db: Db;
  reply: FastifyReply;
  userId: string;
}) {
  const token = await insertRefreshToken(options.db, { userId: options.userId, now: options.deps.now() });
  setRefreshCookie(options.reply, { token, appUrl: options.deps.config.appUrl });
  return options.deps.tokens.issue(options.userId);
}
