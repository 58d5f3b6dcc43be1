import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/**
 * Fetches a real challenge and solves it the way the browser widget does, returning the base64
 * payload a sign-up sends. Proof-of-work, really computed: no shortcut through our own code.
 */
export async function solveBotCheck(app: FastifyInstance): Promise<string> {
  const challenge = (
    await app.inject({ method: 'GET', url: '/api/v1/altcha/challenge' })
  ).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot-check challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
