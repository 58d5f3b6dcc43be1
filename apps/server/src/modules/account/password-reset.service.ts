import type { AppDeps } from '../../app-deps.ts';
import { hashToken } from '../../platform/auth/opaque-tokens.ts';
import { assertAcceptablePassword } from '../../platform/auth/password-policy.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { AppError } from '../../platform/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { revokeAllRefreshTokens } from '../auth/refresh-tokens.queries.ts';
import { passwordResetEmail } from './account.emails.ts';
import { findUserByEmail, updatePasswordHash } from './account.queries.ts';
import {
  claimPasswordReset,
  expireOpenPasswordResets,
  insertPasswordReset,
} from './password-reset.queries.ts';
import {
  newOneTimeCode as newResetCode,
  normaliseOneTimeCode as normaliseResetCode,
} from './one-time-code.ts';

const RESET_TTL_MS = 60 * 60_000;
const HOUR = 60 * 60_000;
const RULES = {
  requestPerEmail: { name: 'reset-request-email', limit: 5, windowMs: HOUR },
  requestPerClient: { name: 'reset-request-client', limit: 30, windowMs: HOUR },
  verifyPerEmail: { name: 'reset-verify-email', limit: 10, windowMs: 15 * 60_000 },
};

const wrongCode = () =>
  new AppError('VALIDATION_ERROR', 'This code is wrong or has expired.', [
    { path: 'body.code', message: 'This code is wrong or has expired.' },
  ]);

export function createPasswordResetService(deps: Pick<AppDeps, 'database' | 'mail' | 'now' | 'config'>) {
  const { db } = deps.database;

  return {
    /** Same outcome whether or not the email has an account; only the mail differs. */
    async request(options: { email: string; clientAddress: string }): Promise<void> {
      const now = deps.now();
      await consumeRateLimit({ db, rule: RULES.requestPerClient, subject: options.clientAddress, now });
      await consumeRateLimit({ db, rule: RULES.requestPerEmail, subject: options.email, now });
      const user = await findUserByEmail(db, options.email);
      if (!user) return;
      const code = newResetCode();
      await db.transaction(async (tx) => {
        await insertPasswordReset(tx, {
          userId: user.id,
          tokenHash: hashToken(normaliseResetCode(code)),
          expiresAt: new Date(now.getTime() + RESET_TTL_MS),
        });
        const link = new URL('/sign-in/reset-password/verify', deps.config.appUrl);
        link.searchParams.set('email', user.email);
        link.searchParams.set('code', code);
        await deps.mail.queue({
          tx,
          message: passwordResetEmail({ to: user.email, name: user.name, code, link }),
        });
      });
    },

    /** Sets the new password and signs the person out everywhere. */
    async verify(options: { email: string; code: string; newPassword: string }): Promise<void> {
      const now = deps.now();
      await consumeRateLimit({ db, rule: RULES.verifyPerEmail, subject: options.email, now });
      const user = await findUserByEmail(db, options.email);
      if (!user) throw wrongCode();
      assertAcceptablePassword({
        password: options.newPassword,
        email: user.email,
        field: 'body.new_password',
      });
      const passwordHash = await hashPassword(options.newPassword);
      await db.transaction(async (tx) => {
        // Claiming the code and using it are one step: a second submit finds it used.
        const claimed = await claimPasswordReset(tx, {
          userId: user.id,
          tokenHash: hashToken(normaliseResetCode(options.code)),
          now,
        });
        if (!claimed) throw wrongCode();
        // Any other code still in someone's inbox stops working too.
        await expireOpenPasswordResets(tx, { userId: user.id, now });
        await updatePasswordHash(tx, { userId: user.id, passwordHash, now });
        await revokeAllRefreshTokens(tx, { userId: user.id, now });
      });
    },
  };
}
