import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { spendChallenge } from './spent-challenges.queries.ts';

const CHALLENGE_TTL_MS = 10 * 60_000;
const ALGORITHM = 'PBKDF2/SHA-256';
// Deterministic mode: the server knows the answer's range, so checking costs one derivation while
// solving costs the browser up to 1,500 (about a second on a phone).
const COST = 500;
const COUNTER_RANGE = [500, 1_500] as const;

export type BotCheck = {
  createChallenge(): Promise<Challenge>;
  /** Throws a VALIDATION_ERROR on `field` unless `payload` solves an unexpired, unused challenge. */
  verify(options: { db: Db; payload: string; field: string; now: Date }): Promise<void>;
};

const refused = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path: field, message }]);

/** The self-hosted ALTCHA proof-of-work check used on sign-up; keys derive from the app's secret. */
export function createBotCheck(signingSecret: string): BotCheck {
  const derive = (purpose: string) => createHmac('sha256', signingSecret).update(purpose).digest('hex');
  const hmacSignatureSecret = derive('altcha-signature');
  const hmacKeySignatureSecret = derive('altcha-key-signature');

  return {
    createChallenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(...COUNTER_RANGE),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),

    async verify({ db, payload, field, now }) {
      let decoded: { challenge?: Challenge; solution?: Solution };
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        throw refused(field, 'The bot check could not be read; please try again.');
      }
      if (!decoded.challenge?.signature || !decoded.solution) {
        throw refused(field, 'The bot check could not be read; please try again.');
      }
      const result = await verifySolution({
        challenge: decoded.challenge,
        solution: decoded.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => undefined);
      if (!result?.verified) {
        throw refused(
          field,
          result?.expired ? 'The bot check expired; please solve it again.' : 'The bot check failed.',
        );
      }
      // Each solved challenge counts once.
      const isFirstUse = await spendChallenge(db, {
        signature: decoded.challenge.signature,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
        now,
      });
      if (!isFirstUse) throw refused(field, 'This bot check was already used; please solve it again.');
    },
  };
}
