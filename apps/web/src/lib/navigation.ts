import { routePath } from './routes.ts';

type Navigate = (to: string) => void;

// Code outside React (the API client) navigates through the router once the app registers it;
// before that, a full page load is the only way.
let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export const SIGN_IN_PATH = routePath('/sign-in');

/** The sign-in page that brings the person back to `returnUrl` (path + search) afterwards. */
export function signInPath(returnUrl: string): string {
  return routePath('/sign-in', undefined, { returnUrl });
}

/**
 * Only same-site relative paths are followed after sign-in; "//host" and "/\host" are
 * protocol-relative to browsers and would send the person to another site.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

export function redirectToSignIn(): void {
  const { pathname, search } = window.location;
  if (pathname === SIGN_IN_PATH) return;
  navigateImpl(signInPath(pathname + search));
}
