import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';

// The OAuth `state` of a Connect attempt: which merchant and person started it, until when,
// signed with a key derived from the Stripe secret key (only this server has it). The callback
// accepts a code only with a state this server made for the same merchant and person, so nobody
// can make another merchant's Admin connect the attacker's Stripe account (OAuth's login CSRF).

export const CONNECT_STATE_MINUTES = 15;

type StatePayload = { m: string; u: string; e: number };

const keyOf = (secretKey: string) =>
  createHmac('sha256', secretKey).update('tradeport stripe connect state').digest();

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function makeConnectState(
  secretKey: string,
  options: { merchantId: string; userId: string; now: Date },
): string {
  const payload: StatePayload = {
    m: options.merchantId,
    u: options.userId,
    e: options.now.getTime() + CONNECT_STATE_MINUTES * 60_000,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(keyOf(secretKey), encoded)}`;
}

/** Throws 400 unless the state is this server's, for this merchant and person, and unexpired. */
export function checkConnectState(
  secretKey: string,
  state: string,
  expected: { merchantId: string; userId: string; now: Date },
) {
  const refuse = () => {
    const message =
      'This Stripe connection was not started here, is someone else’s or has expired. Connect again.';
    return new AppError('VALIDATION_ERROR', message, [{ path: 'state', message }]);
  };
  const [encoded = '', signature = ''] = state.split('.');
  const expectedSignature = Buffer.from(sign(keyOf(secretKey), encoded));
  const given = Buffer.from(signature);
  if (given.length !== expectedSignature.length || !timingSafeEqual(given, expectedSignature)) throw refuse();
  let payload: StatePayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as StatePayload;
  } catch {
    throw refuse();
  }
  const isOurs = payload.m === expected.merchantId && payload.u === expected.userId;
  if (!isOurs || !(payload.e > expected.now.getTime())) throw refuse();
}
