import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AccountingProvider } from '@tradeport/contract';
import { AppError } from '../../platform/errors.ts';

// The OAuth `state` of one connect attempt, and its PKCE verifier, with nothing stored: the state
// names the merchant, the person, the provider and an expiry, signed with a key derived from
// ACCOUNTING_TOKEN_KEY; the verifier is derived from the state with another, so only this server
// (any of its instances) can make either. The callback accepts a code only with a state made here
// for the same merchant, person and provider, unexpired: nobody can make another merchant's Admin
// connect the attacker's books (OAuth's login CSRF), and an intercepted code is useless without
// the verifier (PKCE).

export const CONNECT_STATE_MINUTES = 15;

type StatePayload = { m: string; u: string; p: AccountingProvider; e: number; n: string };

const derive = (key: Buffer, purpose: string) => createHmac('sha256', key).update(purpose).digest();
const hmac = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('base64url');

export function makeConnectState(
  tokenKey: Buffer,
  options: { merchantId: string; userId: string; provider: AccountingProvider; now: Date },
): string {
  const payload: StatePayload = {
    m: options.merchantId,
    u: options.userId,
    p: options.provider,
    e: options.now.getTime() + CONNECT_STATE_MINUTES * 60_000,
    n: randomBytes(16).toString('base64url'),
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${hmac(derive(tokenKey, 'tradeport accounting state'), encoded)}`;
}

/** RFC 7636: 43 characters of base64url, from the state, so it need not be stored. */
export function codeVerifierOf(tokenKey: Buffer, state: string): string {
  return hmac(derive(tokenKey, 'tradeport accounting pkce'), state);
}

export function codeChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Throws 400 on `state` unless it is this server's, for this merchant, person and provider, unexpired. */
export function checkConnectState(
  tokenKey: Buffer,
  state: string,
  expected: { merchantId: string; userId: string; provider: AccountingProvider; now: Date },
) {
  const refuse = () => {
    const message = 'This connection was not started here, is someone else’s or has expired. Connect again.';
    return new AppError('VALIDATION_ERROR', message, [{ path: 'state', message }]);
  };
  const [encoded = '', signature = ''] = state.split('.');
  const wanted = Buffer.from(hmac(derive(tokenKey, 'tradeport accounting state'), encoded));
  const given = Buffer.from(signature);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw refuse();
  let payload: StatePayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as StatePayload;
  } catch {
    throw refuse();
  }
  const isOurs =
    payload.m === expected.merchantId && payload.u === expected.userId && payload.p === expected.provider;
  if (!isOurs || !(payload.e > expected.now.getTime())) throw refuse();
}
