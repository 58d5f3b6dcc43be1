import { generatePath, matchPath } from 'react-router';

/**
 * - `auth`: outside the shell, no navigation and no session check (SPEC §2 auth routes).
 * - `onboarding`: needs a session but hides the side navigation (sign-up steps after the account exists).
 * - `app`: inside the shell, needs a session.
 * - `public`: for anyone holding the address, signed in or not, outside the shell (a payment link's page).
 */
export type RouteArea = 'auth' | 'onboarding' | 'app' | 'public';

/**
 * Who a screen is for, by the organisation the person acts for (SPEC §6). Left out: everyone signed
 * in, with an organisation or not yet.
 * - `merchants`: a merchant organisation's people (catalogue, customers, integrations, billing).
 * - `customers`: a customer organisation's people.
 * - `members`: anyone acting for an organisation of either kind (ordering, payments, its details).
 */
export type RouteAudience = 'merchants' | 'customers' | 'members';

export type RouteEntry = {
  path: string;
  title: string;
  area: RouteArea;
  for?: RouteAudience;
  /** Offered (in the menu) to Admins of the organisation only; the screen explains itself to others. */
  adminOnly?: boolean;
};

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
  { path: '/sign-up-payment', title: 'Choose your plan', area: 'onboarding' },
  { path: '/', title: 'Home', area: 'app' },
  { path: '/orders/create', title: 'Create New Order', area: 'app', for: 'members' },
  { path: '/orders', title: 'All Orders', area: 'app', for: 'members' },
  { path: '/orders/:orderId', title: 'Order', area: 'app', for: 'members' },
  { path: '/payments', title: 'All Payments', area: 'app', for: 'members' },
  { path: '/payments/overview', title: 'Payments overview', area: 'app', for: 'members' },
  { path: '/payments/outstanding', title: 'Outstanding payments', area: 'app', for: 'members' },
  { path: '/payments/customers', title: 'Customer Accounts', area: 'app', for: 'merchants' },
  { path: '/payments/credits', title: 'Account Credits', area: 'app', for: 'members' },
  { path: '/customers', title: 'Customers', area: 'app', for: 'merchants' },
  { path: '/customers/:customerId', title: 'Customer', area: 'app', for: 'merchants' },
  { path: '/products/create', title: 'Create product', area: 'app', for: 'merchants' },
  { path: '/products', title: 'Products', area: 'app', for: 'merchants' },
  { path: '/products/:productId', title: 'Product', area: 'app', for: 'merchants' },
  { path: '/brands', title: 'Brands', area: 'app', for: 'merchants' },
  { path: '/suppliers', title: 'Suppliers', area: 'app', for: 'merchants' },
  { path: '/uoms', title: 'Units of measure', area: 'app', for: 'merchants' },
  { path: '/categories', title: 'Categories', area: 'app', for: 'merchants' },
  { path: '/pricing', title: 'Pricing Tiers', area: 'app', for: 'merchants' },
  { path: '/pricing/:tierId', title: 'Pricing Tier', area: 'app', for: 'merchants' },
  { path: '/visibility', title: 'Visibility Groups', area: 'app', for: 'merchants' },
  { path: '/visibility/:groupId', title: 'Visibility Group', area: 'app', for: 'merchants' },
  { path: '/reports', title: 'Reports', area: 'app', for: 'merchants' },
  { path: '/delivery', title: 'Delivery', area: 'app', for: 'merchants' },
  { path: '/taxes', title: 'Taxes', area: 'app', for: 'merchants' },
  {
    path: '/xero/settings',
    title: 'Xero accounting integration settings',
    area: 'app',
    for: 'merchants',
    adminOnly: true,
  },
  {
    path: '/quickbooks/settings',
    title: 'QuickBooks accounting integration settings',
    area: 'app',
    for: 'merchants',
    adminOnly: true,
  },
  {
    path: '/myob/settings',
    title: 'MYOB accounting integration settings',
    area: 'app',
    for: 'merchants',
    adminOnly: true,
  },
  {
    path: '/stripe/settings',
    title: 'Stripe card-payment integration settings',
    area: 'app',
    for: 'merchants',
    adminOnly: true,
  },
  { path: '/user/account', title: 'User account', area: 'app' },
  { path: '/user/invitations', title: 'Invitations', area: 'app' },
  {
    path: '/organisations/details',
    title: 'Organisation details',
    area: 'app',
    for: 'members',
    adminOnly: true,
  },
  {
    path: '/organisations/billing',
    title: 'Organisation billing',
    area: 'app',
    for: 'merchants',
    adminOnly: true,
  },
  { path: '/support', title: 'Support', area: 'app' },
  { path: '/onboarding', title: 'Onboarding', area: 'app', for: 'merchants' },
  // Issue 11's pay by link: the link's token is the only key, so no sign-in and no menu.
  { path: '/pay/:token', title: 'Pay an invoice', area: 'public' },
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
  return documentTitle(findRoute(pathname)?.title ?? NOT_FOUND_TITLE);
}

/** "<title> · Tradeport". */
export function documentTitle(title: string): string {
  return `${title} · ${PRODUCT_NAME}`;
}

/**
 * Who is looking: the kind of organisation they act for (`none` before they have one, e.g. right
 * after sign-up) and whether they are its Admin.
 */
export type Viewer = { kind: 'merchant' | 'customer' | 'none'; isAdmin: boolean };

export function viewerOf(
  currentUser: { is_merchant: boolean },
  organisation: { user_level: 'Admin' | 'User' } | null,
): Viewer {
  if (!organisation) return { kind: 'none', isAdmin: false };
  return {
    kind: currentUser.is_merchant ? 'merchant' : 'customer',
    isAdmin: organisation.user_level === 'Admin',
  };
}

const AUDIENCE_KINDS: Record<RouteAudience, readonly Viewer['kind'][]> = {
  merchants: ['merchant'],
  customers: ['customer'],
  members: ['merchant', 'customer'],
};

/**
 * Whether the screen exists for this person at all: the router shows the not-found page otherwise,
 * and the menu never offers it (SPEC §6). One rule for both, from the route table.
 */
export function isRouteFor(route: RouteEntry, viewer: Viewer): boolean {
  return !route.for || AUDIENCE_KINDS[route.for].includes(viewer.kind);
}

/** Whether the menu offers the screen: it is for this person, and Admin-only ones for Admins. */
export function isRouteOffered(route: RouteEntry, viewer: Viewer): boolean {
  return isRouteFor(route, viewer) && (!route.adminOnly || viewer.isAdmin);
}
