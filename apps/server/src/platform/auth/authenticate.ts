import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { unauthorized } from '../errors.ts';
import type { AccessTokenIssuer } from './access-tokens.ts';
import { findCaller } from './caller.queries.ts';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    userId: string | undefined;
  }
}

/** The signed-in user's id from the bearer token; throws 401 UNAUTHORIZED otherwise. */
export function createAuthenticate(tokens: AccessTokenIssuer) {
  return async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    const userId = match?.[1] ? await tokens.verify(match[1]) : undefined;
    if (!userId) throw unauthorized();
    request.userId = userId;
  };
}

export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized();
  return request.userId;
}

/** The signed-in person's name and email, for actions that record or address them. */
export async function loadCaller(db: Db, userId: string) {
  const user = await findCaller(db, userId);
  // A valid token for a deleted user: the session is over.
  if (!user) throw unauthorized();
  return user;
}
