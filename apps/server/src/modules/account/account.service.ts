import type { SignUpBody } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { assertAcceptablePassword } from '../../platform/auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../../platform/db/client.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { revokeAllRefreshTokens } from '../auth/refresh-tokens.queries.ts';
import { acceptInvitationByToken } from '../people/invitations.service.ts';
import { resolveImageUrl } from '../uploads/uploads.service.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  updatePasswordHash,
  updateUserProfile,
  type UserRow,
} from './account.queries.ts';
import { sendEmailVerification } from './email-verification.service.ts';

const emailTaken = () =>
  new AppError('CONFLICT', 'An account with this email already exists. Sign in instead.', [
    { path: 'body.email', message: 'An account with this email already exists. Sign in instead.' },
  ]);

const toProfile = (user: UserRow) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  image: user.image,
  email_verified: user.emailVerifiedAt !== null,
});

export function createAccountService(
  deps: Pick<AppDeps, 'database' | 'botCheck' | 'now' | 'storage' | 'mail' | 'config'>,
) {
  const { db } = deps.database;

  async function getUser(tx: Db, userId: string) {
    const user = await findUserById(tx, userId);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    /** Creates the account (and joins the inviting organisation when a link was followed). */
    async signUp(body: SignUpBody): Promise<{ userId: string }> {
      const now = deps.now();
      assertAcceptablePassword({ password: body.password, email: body.email, field: 'body.password' });
      if (await findUserByEmail(db, body.email)) throw emailTaken();
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction(async (tx) => {
          await deps.botCheck.verify({ db: tx, payload: body.altcha, field: 'body.altcha', now });
          // Unproven until the emailed code comes back; an invitation link proves it at once
          // (below: it was sent to this address, and joining checks the two match).
          const user = await insertUser(tx, {
            email: body.email,
            name: body.name,
            passwordHash,
            emailVerifiedAt: body.invitation_token ? now : null,
          });
          if (body.invitation_token) {
            await acceptInvitationByToken({
              tx,
              token: body.invitation_token,
              user: { id: user.id, email: body.email },
              now,
            });
          } else {
            await sendEmailVerification({
              tx,
              deps,
              user: { id: user.id, email: body.email, name: body.name },
              now,
            });
          }
          return { userId: user.id };
        });
      } catch (error) {
        // Two sign-ups with one email at once: the unique index decides, the loser gets the field error.
        if (uniqueViolation(error) !== undefined) throw emailTaken();
        throw error;
      }
    },

    getProfile: async (userId: string) => toProfile(await getUser(db, userId)),

    async updateProfile(options: { userId: string; name: string; image: string | null }) {
      const current = await getUser(db, options.userId);
      const image = await resolveImageUrl({
        db,
        storage: deps.storage,
        userId: options.userId,
        url: options.image,
        currentUrl: current.image,
        field: 'body.image',
        now: deps.now(),
      });
      const user = await updateUserProfile(db, {
        userId: options.userId,
        name: options.name,
        image,
        now: deps.now(),
      });
      if (!user) throw unauthorized();
      return toProfile(user);
    },

    /** Checks the current password, sets the new one and ends every session (the caller starts a new one). */
    async changePassword(options: { userId: string; currentPassword: string; newPassword: string }) {
      const user = await getUser(db, options.userId);
      if (!(await verifyPassword(user.passwordHash, options.currentPassword))) {
        throw new AppError('VALIDATION_ERROR', 'Your current password is not right.', [
          { path: 'body.current_password', message: 'Your current password is not right.' },
        ]);
      }
      assertAcceptablePassword({
        password: options.newPassword,
        email: user.email,
        field: 'body.new_password',
      });
      const passwordHash = await hashPassword(options.newPassword);
      const now = deps.now();
      await db.transaction(async (tx) => {
        await updatePasswordHash(tx, { userId: user.id, passwordHash, now });
        await revokeAllRefreshTokens(tx, { userId: user.id, now });
      });
    },
  };
}
