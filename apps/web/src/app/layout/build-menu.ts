import type { CurrentUser, OrganisationMembership } from '@tradeport/contract';
import type { RoutePattern } from '#lib/routes.ts';

/** Every menu path is one of the route table's, so a route that moves cannot leave a dead link here. */
export type MenuLink = { label: string; path: RoutePattern };
/** A collapsible entry holding links (Settings → Integrations). */
export type MenuGroup = { label: string; links: MenuLink[] };
export type MenuItem = MenuLink | MenuGroup;
export type MenuSectionId =
  'sales' | 'payments' | 'customers' | 'products' | 'delivery' | 'taxes' | 'reports' | 'settings';
export type MenuSection = { id: MenuSectionId; title: string; items: MenuItem[] };

export function isMenuGroup(item: MenuItem): item is MenuGroup {
  return 'links' in item;
}

function arePaymentsEnabled(currentUser: CurrentUser): boolean {
  return currentUser.is_merchant
    ? currentUser.settings.payments_enabled
    : (currentUser.customer?.payment_settings.is_payments_enabled ?? false);
}

/**
 * The side menu, from SPEC §2 and §6. `organisation` is the membership being acted for; its level
 * decides the Admin-only entries. Invitations has a route but is never listed.
 */
export function buildMenu(input: {
  currentUser: CurrentUser;
  organisation: OrganisationMembership | null;
}): MenuSection[] {
  const { currentUser, organisation } = input;
  const isMerchant = currentUser.is_merchant;
  const isAdmin = organisation?.user_level === 'Admin';
  const sections: MenuSection[] = [];

  sections.push({
    id: 'sales',
    title: isMerchant ? 'Sales' : 'Ordering',
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
        ...(isMerchant ? [{ label: 'Customer Accounts', path: '/payments/customers' } as const] : []),
        { label: 'Account Credits', path: '/payments/credits' },
      ],
    });
  }

  if (isMerchant) {
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
  }

  const settings: MenuItem[] = [];
  if (isMerchant && isAdmin) {
    settings.push({
      label: 'Integrations',
      links: [
        { label: 'Xero', path: '/xero/settings' },
        { label: 'QuickBooks', path: '/quickbooks/settings' },
        { label: 'MYOB', path: '/myob/settings' },
        { label: 'Stripe', path: '/stripe/settings' },
      ],
    });
  }
  settings.push({ label: 'User account', path: '/user/account' });
  if (isAdmin) {
    settings.push(
      { label: 'Organisation details', path: '/organisations/details' },
      { label: 'Organisation billing', path: '/organisations/billing' },
    );
  }
  settings.push({ label: 'Support', path: '/support' }, { label: 'Log out', path: '/logout' });
  sections.push({ id: 'settings', title: 'Settings', items: settings });

  return sections;
}

/** Every link of a menu, groups flattened, in order. */
export function menuLinks(sections: readonly MenuSection[]): MenuLink[] {
  return sections.flatMap((section) =>
    section.items.flatMap((item) => (isMenuGroup(item) ? item.links : [item])),
  );
}
