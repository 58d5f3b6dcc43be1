import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { hashToken } from '../../platform/auth/opaque-tokens.ts';
import { assertAcceptablePassword } from '../../platform/auth/password-policy.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { passwordResets, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { revokeAllRefreshTokens } from '../auth/refresh-tokens.queries.ts';
import { passwordResetEmail } from './account.emails.ts';
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
      const [user] = await db.select().from(users).where(eq(users.email, options.email));
      if (!user) return;
      const code = newResetCode();
      await db.transaction(async (tx) => {
        await tx.insert(passwordResets).values({
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
      const [user] = await db.select().from(users).where(eq(users.email, options.email));
      if (!user) throw wrongCode();
      assertAcceptablePassword({
        password: options.newPassword,
        email: user.email,
        field: 'body.new_password',
      });
      const passwordHash = await hashPassword(options.newPassword);
      await db.transaction(async (tx) => {
        // Claiming the code and using it are one step: a second submit finds it used.
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResets.userId, user.id),
              eq(passwordResets.tokenHash, hashToken(normaliseResetCode(options.code))),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
            ),
          )
          .returning({ id: passwordResets.id });
        if (!claimed) throw wrongCode();
        // Any other code still in someone's inbox stops working too.
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
        await revokeAllRefreshTokens(tx, { userId: user.id, now });
      });
    },
  };
}
