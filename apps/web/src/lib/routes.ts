import { generatePath, matchPath } from 'react-router';

/**
 * - `auth`: outside the shell, no navigation and no session check (SPEC §2 auth routes).
 * - `onboarding`: needs a session but hides the side navigation (sign-up steps after the account exists).
 * - `app`: inside the shell, needs a session.
 */
export type RouteArea = 'auth' | 'onboarding' | 'app';

export type RouteEntry = { path: string; title: string; area: RouteArea };

/**
 * SPEC §2, every route once. Page titles come from here, and every link is built from one of these
 * paths by `routePath`, so a route that moves breaks its links at compile time. It sits in lib/ rather
 * than app/ because features link to each other's screens without importing each other.
 */
export const ROUTES = [
  { path: '/sign-in', title: 'Sign in', area: 'auth' },
  { path: '/sign-in/reset-password', title: 'Reset password', area: 'auth' },
  { path: '/sign-in/reset-password/verify', title: 'Choose a new password', area: 'auth' },
  { path: '/sign-up', title: 'Sign up', area: 'auth' },
  // SPEC §2: no navigation and no session check. Creating the organisation needs a session, so a
  // signed-out visitor who submits is sent to sign in by the API client's 401 handling.
  { path: '/sign-up-organisation', title: 'Set up your organisation', area: 'auth' },
  { path: '/logout', title: 'Log out', area: 'auth' },
  // Listed with the auth routes by SPEC §2, but creating an organisation needs the account just made:
  // it keeps their frame (no navigation) and checks the session, so a signed-out visit goes to sign-in.
  // Right after sign-up, and from the emailed link: needs the session the sign-up started.
  { path: '/sign-up/verify-email', title: 'Confirm your email', area: 'onboarding' },
  { path: '/sign-up-products', title: 'Add your products', area: 'onboarding' },
  { path: '/sign-up-payment', title: 'Set up payments', area: 'onboarding' },
  { path: '/', title: 'Home', area: 'app' },
  { path: '/orders/create', title: 'Create New Order', area: 'app' },
  { path: '/orders', title: 'All Orders', area: 'app' },
  { path: '/payments', title: 'All Payments', area: 'app' },
  { path: '/payments/overview', title: 'Payments overview', area: 'app' },
  { path: '/payments/outstanding', title: 'Outstanding payments', area: 'app' },
  { path: '/payments/customers', title: 'Customer Accounts', area: 'app' },
  { path: '/payments/credits', title: 'Account Credits', area: 'app' },
  { path: '/customers', title: 'Customers', area: 'app' },
  { path: '/customers/:customerId', title: 'Customer', area: 'app' },
  { path: '/products/create', title: 'Create product', area: 'app' },
  { path: '/products', title: 'Products', area: 'app' },
  { path: '/products/:productId', title: 'Product', area: 'app' },
  { path: '/brands', title: 'Brands', area: 'app' },
  { path: '/suppliers', title: 'Suppliers', area: 'app' },
  { path: '/uoms', title: 'Units of measure', area: 'app' },
  { path: '/categories', title: 'Categories', area: 'app' },
  { path: '/pricing', title: 'Pricing Tiers', area: 'app' },
  { path: '/pricing/:tierId', title: 'Pricing Tier', area: 'app' },
  { path: '/visibility', title: 'Visibility Groups', area: 'app' },
  { path: '/visibility/:groupId', title: 'Visibility Group', area: 'app' },
  { path: '/reports', title: 'Reports', area: 'app' },
  { path: '/delivery', title: 'Delivery', area: 'app' },
  { path: '/taxes', title: 'Taxes', area: 'app' },
  { path: '/xero/settings', title: 'Xero accounting integration settings', area: 'app' },
  { path: '/quickbooks/settings', title: 'QuickBooks accounting integration settings', area: 'app' },
  { path: '/myob/settings', title: 'MYOB accounting integration settings', area: 'app' },
  { path: '/stripe/settings', title: 'Stripe card-payment integration settings', area: 'app' },
  { path: '/user/account', title: 'User account', area: 'app' },
  { path: '/user/invitations', title: 'Invitations', area: 'app' },
  { path: '/organisations/details', title: 'Organisation details', area: 'app' },
  { path: '/organisations/billing', title: 'Organisation billing', area: 'app' },
  { path: '/support', title: 'Support', area: 'app' },
  { path: '/onboarding', title: 'Onboarding', area: 'app' },
] as const satisfies readonly RouteEntry[];

/** One route of the table, its path typed as written there. */
export type AppRoute = (typeof ROUTES)[number];

/** One of the route table's paths, e.g. `/products/:productId`. */
export type RoutePattern = AppRoute['path'];

/** `/pricing/:tierId` → `'tierId'`; never for a path without parameters. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Search = Record<string, string>;

type RouteArgs<P extends RoutePattern> = [ParamNames<P>] extends [never]
  ? [params?: undefined, search?: Search]
  : [params: Record<ParamNames<P>, string>, search?: Search];

/**
 * The address of a screen: `routePath('/products/:productId', { productId })`. Only the table's
 * paths are accepted, and exactly their parameters; `search` adds a query string.
 */
export function routePath<P extends RoutePattern>(pattern: P, ...[params, search]: RouteArgs<P>): string {
  // generatePath encodes each value, so a parameter can never add a path segment of its own.
  const path = generatePath<string>(pattern, params);
  const query = new URLSearchParams(search).toString();
  return query ? `${path}?${query}` : path;
}

export const NOT_FOUND_TITLE = 'Page not found';
const PRODUCT_NAME = 'Tradeport';

export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** "<Title> · Tradeport" for the browser tab and history. */
export function pageTitle(pathname: string): string {
  return `${findRoute(pathname)?.title ?? NOT_FOUND_TITLE} · ${PRODUCT_NAME}`;
}
