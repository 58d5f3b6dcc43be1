import {
  changePassword,
  getAccount,
  getBotChallenge,
  getSupportContact,
  requestPasswordReset,
  signUp,
  updateAccount,
  verifyPasswordReset,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireUserId } from '../../platform/auth/authenticate.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { startSession } from '../auth/session-cookie.ts';
import { createAccountService } from './account.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';

export function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  const account = createAccountService(deps);
  const passwordReset = createPasswordResetService(deps);
  const { db } = deps.database;

  registerEndpoint(app, getBotChallenge, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { ...(await deps.botCheck.createChallenge()) };
  });

  registerEndpoint(app, signUp, async ({ body, reply }) => {
    const { userId } = await account.signUp(body);
    return startSession({ deps, db, reply, userId });
  });

  registerEndpoint(app, getAccount, async ({ request }) => account.getProfile(requireUserId(request)));

  registerEndpoint(app, updateAccount, async ({ request, body }) =>
    account.updateProfile({ userId: requireUserId(request), ...body }),
  );

  registerEndpoint(app, changePassword, async ({ request, reply, body }) => {
    const userId = requireUserId(request);
    await account.changePassword({
      userId,
      currentPassword: body.current_password,
      newPassword: body.new_password,
    });
    // Every other session is over; this browser carries on with a fresh one.
    await startSession({ deps, db, reply, userId });
    return { changed: true as const };
  });

  registerEndpoint(app, requestPasswordReset, async ({ request, body }) => {
    await passwordReset.request({ email: body.email, clientAddress: request.ip });
    return { accepted: true as const };
  });

  registerEndpoint(app, verifyPasswordReset, async ({ body }) => {
    await passwordReset.verify({ email: body.email, code: body.code, newPassword: body.new_password });
    return { reset: true as const };
  });

  registerEndpoint(app, getSupportContact, async () => deps.config.support);
}
