import type { CurrentUser, OrganisationMembership } from '@tradeport/contract';
import {
  type AppRoute,
  isRouteOffered,
  ROUTES,
  type RoutePattern,
  type Viewer,
  viewerOf,
} from '#lib/routes.ts';

/** Every menu path is one of the route table's, so a route that moves cannot leave a dead link here. */
export type MenuLink = { label: string; path: RoutePattern };
/** A collapsible entry holding links (Settings → Integrations). */
export type MenuGroup = { label: string; links: MenuLink[] };
export type MenuItem = MenuLink | MenuGroup;
export type MenuSectionId =
  'start' | 'sales' | 'payments' | 'customers' | 'products' | 'delivery' | 'taxes' | 'reports' | 'settings';
export type MenuSection = { id: MenuSectionId; title: string; items: MenuItem[] };

export function isMenuGroup(item: MenuItem): item is MenuGroup {
  return 'links' in item;
}

function arePaymentsEnabled(currentUser: CurrentUser): boolean {
  return currentUser.is_merchant
    ? currentUser.settings.payments_enabled
    : (currentUser.customer?.payment_settings.is_payments_enabled ?? false);
}

const ROUTE_BY_PATH: ReadonlyMap<string, AppRoute> = new Map(ROUTES.map((route) => [route.path, route]));

/** Keeps the links the route table offers this viewer, and the groups and sections left with any. */
function offeredTo(viewer: Viewer, sections: readonly MenuSection[]): MenuSection[] {
  const isOffered = (link: MenuLink) => {
    const route = ROUTE_BY_PATH.get(link.path);
    return route !== undefined && isRouteOffered(route, viewer);
  };
  return sections
    .map((section) => ({
      ...section,
      items: section.items
        .map((item) => (isMenuGroup(item) ? { ...item, links: item.links.filter(isOffered) } : item))
        .filter((item) => (isMenuGroup(item) ? item.links.length > 0 : isOffered(item))),
    }))
    .filter((section) => section.items.length > 0);
}

/**
 * The side menu, from SPEC §2 and §6. `organisation` is the membership being acted for. Who each
 * entry is for (merchants, customers, Admins) is the route table's rule (`isRouteOffered`), the
 * same the router applies to a typed address; here only the feature switches (payments, advanced
 * tax) and the wording. Invitations has a route but is never listed. A person with no organisation
 * yet gets a way to set one up and their own settings only.
 */
export function buildMenu(input: {
  currentUser: CurrentUser;
  organisation: OrganisationMembership | null;
}): MenuSection[] {
  const { currentUser, organisation } = input;
  const viewer = viewerOf(currentUser, organisation);
  const sections: MenuSection[] = [];

  if (viewer.kind === 'none') {
    sections.push({
      id: 'start',
      title: 'Get started',
      items: [{ label: 'Set up your organisation', path: '/sign-up-organisation' }],
    });
  }

  sections.push({
    id: 'sales',
    title: viewer.kind === 'merchant' ? 'Sales' : 'Ordering',
    items: [
      { label: 'Create New Order', path: '/orders/create' },
      { label: 'All Orders', path: '/orders' },
    ],
  });

  if (arePaymentsEnabled(currentUser)) {
    sections.push({
      id: 'payments',
      title: 'Payments',
      items: [
        { label: 'All Payments', path: '/payments' },
        { label: 'Payments overview', path: '/payments/overview' },
        { label: 'Outstanding payments', path: '/payments/outstanding' },
        { label: 'Customer Accounts', path: '/payments/customers' },
        { label: 'Account Credits', path: '/payments/credits' },
      ],
    });
  }

  sections.push(
    { id: 'customers', title: 'Customers', items: [{ label: 'Customers', path: '/customers' }] },
    {
      id: 'products',
      title: 'Products',
      items: [
        { label: 'Products', path: '/products' },
        { label: 'Create product', path: '/products/create' },
        { label: 'Brands', path: '/brands' },
        { label: 'Suppliers', path: '/suppliers' },
        { label: 'Units of measure', path: '/uoms' },
        { label: 'Categories', path: '/categories' },
        { label: 'Pricing Tiers', path: '/pricing' },
        { label: 'Visibility Groups', path: '/visibility' },
      ],
    },
    { id: 'delivery', title: 'Delivery', items: [{ label: 'Delivery', path: '/delivery' }] },
  );
  if (currentUser.settings.advanced_tax_enabled) {
    sections.push({ id: 'taxes', title: 'Taxes', items: [{ label: 'Taxes', path: '/taxes' }] });
  }
  sections.push({ id: 'reports', title: 'Reports', items: [{ label: 'Reports', path: '/reports' }] });

  sections.push({
    id: 'settings',
    title: 'Settings',
    items: [
      {
        label: 'Integrations',
        links: [
          { label: 'Xero', path: '/xero/settings' },
          { label: 'QuickBooks', path: '/quickbooks/settings' },
          { label: 'MYOB', path: '/myob/settings' },
          { label: 'Stripe', path: '/stripe/settings' },
        ],
      },
      { label: 'User account', path: '/user/account' },
      { label: 'Organisation details', path: '/organisations/details' },
      { label: 'Organisation billing', path: '/organisations/billing' },
      { label: 'Support', path: '/support' },
      { label: 'Log out', path: '/logout' },
    ],
  });

  return offeredTo(viewer, sections);
}

/** Every link of a menu, groups flattened, in order. */
export function menuLinks(sections: readonly MenuSection[]): MenuLink[] {
  return sections.flatMap((section) =>
    section.items.flatMap((item) => (isMenuGroup(item) ? item.links : [item])),
  );
}
