import { refreshSession, SESSION_EXPIRY_MARGIN_MS } from '@tradeport/contract';
import { useEffect } from 'react';
import { ApiError } from './api-error.ts';
import { send } from './http.ts';
import { isSessionValid, type Session, sessionFromToken, sessionStore } from './session.ts';

// Refresh this long before the token stops counting as valid, so requests never wait on a refresh.
const PROACTIVE_LEAD_MS = 60_000;
const MAX_TIMER_MS = 2_147_483_647;

let inFlight: Promise<Session | null> | null = null;

async function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  // Refresh tokens are single-use and reuse revokes the whole family, so two tabs must never
  // refresh at once. Web Locks serialise tabs; without them (older browsers, jsdom) we go ahead.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('tradeport.session-refresh', run) : run();
}

async function refreshOnce(replacing: string | null): Promise<Session | null> {
  // While we waited for the lock another tab may already have rotated the token.
  const current = sessionStore.get();
  if (current && isSessionValid(current, Date.now()) && current.accessToken !== replacing) return current;
  try {
    const session = sessionFromToken(await send(refreshSession, {}));
    sessionStore.set(session);
    return session;
  } catch (error) {
    // A refused refresh means the sign-in is over; a network failure leaves the session for a retry.
    if (error instanceof ApiError && error.status === 401) sessionStore.clear();
    return null;
  }
}

/**
 * Swap the refresh cookie for a new access token. Concurrent callers share one request, because
 * the second use of a refresh token would count as theft.
 */
export function refreshSharedSession(replacing: string | null): Promise<Session | null> {
  if (!inFlight) {
    inFlight = withRefreshLock(() => refreshOnce(replacing)).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/** A valid access token, refreshed first if needed; null when the person must sign in again. */
export async function getAccessToken(): Promise<string | null> {
  const session = sessionStore.get();
  if (session && isSessionValid(session, Date.now())) return session.accessToken;
  const refreshed = await refreshSharedSession(session?.accessToken ?? null);
  return refreshed?.accessToken ?? null;
}

/** Refreshes the session shortly before it would stop being valid, for as long as it is mounted. */
export function useSessionKeepAlive(): void {
  const session = sessionStore.useValue();
  useEffect(() => {
    if (!session) return;
    const dueInMs = Date.parse(session.expiresAt) - SESSION_EXPIRY_MARGIN_MS - PROACTIVE_LEAD_MS - Date.now();
    const timer = setTimeout(
      () => void refreshSharedSession(session.accessToken),
      Math.min(Math.max(dueInMs, 0), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [session]);
}
