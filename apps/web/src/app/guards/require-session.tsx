import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { signInPath } from '#lib/navigation.ts';
import { isSessionValid, sessionStore } from '#lib/session.ts';
import { refreshSharedSession, useSessionKeepAlive } from '#lib/session-refresh.ts';
import { FullPageLoader } from '../layout/full-page-loader.tsx';

/**
 * SPEC §4 route guard: without a valid session, try the refresh cookie once; if that fails,
 * go to sign-in with a returnUrl that brings the person back here.
 */
export function RequireSession() {
  const location = useLocation();
  const session = sessionStore.useValue();
  // The session a refresh was tried for and failed; a newer session (another tab signed in) retries.
  const [refreshFailedFor, setRefreshFailedFor] = useState<typeof session | undefined>(undefined);
  useSessionKeepAlive();

  // Recomputed on every render on purpose, so navigating after the token has lapsed counts as a change.
  // eslint-disable-next-line react-hooks/purity
  const hasValidSession = isSessionValid(session, Date.now());
  const hasRefreshFailed = refreshFailedFor !== undefined && refreshFailedFor === session;

  // Runs when the session stops being valid: at first load, after expiry, or when another tab signs
  // out. (A 401 clears the session too, but the API client has already left for sign-in by then.)
  useEffect(() => {
    if (hasValidSession) return;
    let isCurrent = true;
    const tried = sessionStore.get();
    void refreshSharedSession(tried?.accessToken ?? null).then((refreshed) => {
      // Recorded against the session as it is now: a refused refresh has already cleared it, so
      // this is null then and matches the (cleared) session this guard renders with. Recording the
      // lapsed session instead would never match again and leave the person on the loader.
      if (isCurrent && !refreshed) setRefreshFailedFor(sessionStore.get());
    });
    return () => {
      isCurrent = false;
    };
  }, [hasValidSession]);

  if (hasValidSession) return <Outlet />;
  if (hasRefreshFailed) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return <FullPageLoader label="Checking your session…" />;
}
