import type { AppDeps } from '../../app-deps.ts';
import { hashToken } from '../../platform/auth/opaque-tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { emailVerificationEmail } from './account.emails.ts';
import {
  claimEmailVerification,
  findVerificationSubject,
  insertEmailVerification,
} from './email-verification.queries.ts';
import { newOneTimeCode, normaliseOneTimeCode } from './one-time-code.ts';

const VERIFICATION_TTL_MS = 24 * 60 * 60_000;
const RULES = {
  sendPerUser: { name: 'verify-email-send', limit: 5, windowMs: 60 * 60_000 },
  verifyPerUser: { name: 'verify-email-check', limit: 10, windowMs: 15 * 60_000 },
};

type Deps = Pick<AppDeps, 'database' | 'mail' | 'now' | 'config'>;

const wrongCode = () =>
  new AppError('VALIDATION_ERROR', 'This code is wrong or has expired.', [
    { path: 'body.code', message: 'This code is wrong or has expired.' },
  ]);

/** Stores a new code (hashed) and queues the email with it, in the caller's transaction. */
export async function sendEmailVerification(options: {
  tx: Db;
  deps: Pick<AppDeps, 'mail' | 'config'>;
  user: { id: string; email: string; name: string };
  now: Date;
}): Promise<void> {
  const { tx, user, now } = options;
  const code = newOneTimeCode();
  await insertEmailVerification(tx, {
    userId: user.id,
    tokenHash: hashToken(normaliseOneTimeCode(code)),
    expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
  });
  const link = new URL('/sign-up/verify-email', options.deps.config.appUrl);
  link.searchParams.set('code', code);
  await options.deps.mail.queue({
    tx,
    message: emailVerificationEmail({ to: user.email, name: user.name, code, link }),
  });
}

export function createEmailVerificationService(deps: Deps) {
  const { db } = deps.database;

  async function subject(userId: string) {
    const user = await findVerificationSubject(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    async resend(userId: string): Promise<void> {
      const now = deps.now();
      await consumeRateLimit({ db, rule: RULES.sendPerUser, subject: userId, now });
      const user = await subject(userId);
      if (user.emailVerifiedAt) return;
      await db.transaction((tx) => sendEmailVerification({ tx, deps, user, now }));
    },

    async verify(options: { userId: string; code: string }): Promise<void> {
      const now = deps.now();
      const user = await subject(options.userId);
      // A second tap on the emailed link, or a second tab: already done, nothing to refuse.
      if (user.emailVerifiedAt) return;
      await consumeRateLimit({ db, rule: RULES.verifyPerUser, subject: user.id, now });
      const claimed = await claimEmailVerification(db, {
        userId: user.id,
        tokenHash: hashToken(normaliseOneTimeCode(options.code)),
        now,
      });
      if (!claimed) throw wrongCode();
    },
  };
}
