import { type AccessToken, SESSION_EXPIRY_MARGIN_MS } from '@tradeport/contract';
import { createStoredValue } from './stored-value.ts';

/** SPEC §3: the session is an access token held locally; the refresh token is an httpOnly cookie. */
export type Session = { accessToken: string; expiresAt: string };

/** SPEC §5: valid only while the access token expires more than 60 s ahead. */
export function isSessionValid(session: Session | null, nowMs: number): boolean {
  if (!session) return false;
  const expiresAtMs = Date.parse(session.expiresAt);
  return Number.isFinite(expiresAtMs) && expiresAtMs - nowMs > SESSION_EXPIRY_MARGIN_MS;
}

export function sessionFromToken(token: AccessToken): Session {
  return { accessToken: token.access_token, expiresAt: token.expires_at };
}

function parseSession(raw: unknown): Session | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { accessToken, expiresAt } = raw as Record<string, unknown>;
  return typeof accessToken === 'string' && typeof expiresAt === 'string' ? { accessToken, expiresAt } : null;
}

export const sessionStore = createStoredValue<Session>({ key: 'tradeport.session', parse: parseSession });
