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
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { startSession } from '../auth/session-cookie.ts';
import { createAccountService } from './account.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';

export function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  const account = createAccountService(deps);
  const passwordReset = createPasswordResetService(deps);
  const { db } = deps.database;

  registerEndpoint(app, getBotChallenge, {
    access: access.public(),
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { ...(await deps.botCheck.createChallenge()) };
    },
  });

  registerEndpoint(app, signUp, {
    access: access.public(),
    handler: async ({ body, reply }) => {
      const { userId } = await account.signUp(body);
      return startSession({ deps, db, reply, userId });
    },
  });

  registerEndpoint(app, getAccount, {
    access: access.user(),
    handler: async ({ actor }) => account.getProfile(actor.userId),
  });

  registerEndpoint(app, updateAccount, {
    access: access.user(),
    handler: async ({ actor, body }) => account.updateProfile({ userId: actor.userId, ...body }),
  });

  registerEndpoint(app, changePassword, {
    access: access.user(),
    handler: async ({ actor, reply, body }) => {
      await account.changePassword({
        userId: actor.userId,
        currentPassword: body.current_password,
        newPassword: body.new_password,
      });
      // Every other session is over; this browser carries on with a fresh one.
      await startSession({ deps, db, reply, userId: actor.userId });
      return { changed: true as const };
    },
  });

  registerEndpoint(app, requestPasswordReset, {
    access: access.public(),
    handler: async ({ request, body }) => {
      await passwordReset.request({ email: body.email, clientAddress: request.ip });
      return { accepted: true as const };
    },
  });

  registerEndpoint(app, verifyPasswordReset, {
    access: access.public(),
    handler: async ({ body }) => {
      await passwordReset.verify({ email: body.email, code: body.code, newPassword: body.new_password });
      return { reset: true as const };
    },
  });

  registerEndpoint(app, getSupportContact, {
    access: access.public(),
    handler: async () => deps.config.support,
  });
}
