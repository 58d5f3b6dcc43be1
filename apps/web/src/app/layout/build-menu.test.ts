import type { CurrentUser, OrganisationMembership } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { findRoute, isRouteFor, viewerOf } from '#lib/routes.ts';
import { buildMenu, type MenuSectionId, menuLinks } from './build-menu.ts';

const admin: OrganisationMembership = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Harbour Wholesale',
  active: true,
  invitation_accepted: true,
  user_level: 'Admin',
};
const user: OrganisationMembership = { ...admin, user_level: 'User' };

const merchant: CurrentUser = {
  id: '00000000-0000-4000-8000-0000000000aa',
  title: 'Mia Chen',
  is_merchant: true,
  image: null,
  settings: { payments_enabled: true, advanced_tax_enabled: true },
  customer: null,
  merchant: null,
  trial_end: null,
  deactivate_date: null,
  payment_failed_date: null,
  customer_view: null,
  organisations: [admin],
};

const customer: CurrentUser = {
  ...merchant,
  is_merchant: false,
  settings: { payments_enabled: false, advanced_tax_enabled: false },
  customer: { payment_settings: { is_payments_enabled: true } },
  merchant: { title: 'Harbour Wholesale', image: null },
};

const sectionIds = (currentUser: CurrentUser, organisation: OrganisationMembership | null = admin) =>
  buildMenu({ currentUser, organisation }).map((section) => section.id);
const paths = (currentUser: CurrentUser, organisation: OrganisationMembership | null = admin) =>
  menuLinks(buildMenu({ currentUser, organisation })).map((link) => link.path);
const sectionPaths = (currentUser: CurrentUser, id: MenuSectionId, organisation = admin) =>
  menuLinks(buildMenu({ currentUser, organisation }).filter((section) => section.id === id)).map(
    (link) => link.path,
  );

describe('buildMenu', () => {
  it('gives a merchant every section in order', () => {
    expect(sectionIds(merchant)).toEqual([
      'sales',
      'payments',
      'customers',
      'products',
      'delivery',
      'taxes',
      'reports',
      'settings',
    ]);
  });

  it('titles the sales section "Sales" for merchants and "Ordering" for customers', () => {
    expect(buildMenu({ currentUser: merchant, organisation: admin })[0]?.title).toBe('Sales');
    expect(buildMenu({ currentUser: customer, organisation: admin })[0]?.title).toBe('Ordering');
    expect(sectionPaths(customer, 'sales')).toEqual(['/orders/create', '/orders']);
  });

  it('shows Payments to a merchant only when the organisation has payments enabled', () => {
    expect(sectionIds(merchant)).toContain('payments');
    const off = { ...merchant, settings: { ...merchant.settings, payments_enabled: false } };
    expect(sectionIds(off)).not.toContain('payments');
  });

  it("shows Payments to a customer only when its account's payments are enabled", () => {
    expect(sectionIds(customer)).toContain('payments');
    const off = { ...customer, customer: { payment_settings: { is_payments_enabled: false } } };
    expect(sectionIds(off)).not.toContain('payments');
    // The merchant-side flag does not count for a customer.
    const merchantFlagOnly = { ...off, settings: { ...off.settings, payments_enabled: true } };
    expect(sectionIds(merchantFlagOnly)).not.toContain('payments');
  });

  it('lists the payments entries, with Customer Accounts for merchants only', () => {
    expect(sectionPaths(merchant, 'payments')).toEqual([
      '/payments',
      '/payments/overview',
      '/payments/outstanding',
      '/payments/customers',
      '/payments/credits',
    ]);
    expect(sectionPaths(customer, 'payments')).toEqual([
      '/payments',
      '/payments/overview',
      '/payments/outstanding',
      '/payments/credits',
    ]);
  });

  it('hides Customers, Products, Delivery, Taxes and Reports from customers', () => {
    expect(sectionIds(customer)).toEqual(['sales', 'payments', 'settings']);
  });

  it('lists the product entries for merchants', () => {
    expect(sectionPaths(merchant, 'products')).toEqual([
      '/products',
      '/products/create',
      '/brands',
      '/suppliers',
      '/uoms',
      '/categories',
      '/pricing',
      '/visibility',
    ]);
  });

  it('shows Taxes only with advanced tax enabled', () => {
    const off = { ...merchant, settings: { ...merchant.settings, advanced_tax_enabled: false } };
    expect(sectionIds(off)).not.toContain('taxes');
    expect(sectionPaths(merchant, 'taxes')).toEqual(['/taxes']);
  });

  it('shows the integrations to an Admin of a merchant organisation', () => {
    const settings = buildMenu({ currentUser: merchant, organisation: admin }).find(
      (s) => s.id === 'settings',
    );
    expect(settings?.items[0]).toEqual({
      label: 'Integrations',
      links: [
        { label: 'Xero', path: '/xero/settings' },
        { label: 'QuickBooks', path: '/quickbooks/settings' },
        { label: 'MYOB', path: '/myob/settings' },
        { label: 'Stripe', path: '/stripe/settings' },
      ],
    });
  });

  it('hides the integrations from a merchant User and from a customer Admin', () => {
    const integrations = ['/xero/settings', '/quickbooks/settings', '/myob/settings', '/stripe/settings'];
    for (const path of integrations) {
      expect(paths(merchant, user)).not.toContain(path);
      expect(paths(customer, admin)).not.toContain(path);
    }
  });

  it('shows organisation details to Admins only, and billing to merchant Admins only', () => {
    expect(sectionPaths(merchant, 'settings', admin)).toEqual([
      '/xero/settings',
      '/quickbooks/settings',
      '/myob/settings',
      '/stripe/settings',
      '/user/account',
      '/organisations/details',
      '/organisations/billing',
      '/support',
      '/logout',
    ]);
    // A customer organisation has no billing of its own (its merchant bills it).
    expect(sectionPaths(customer, 'settings', admin)).toEqual([
      '/user/account',
      '/organisations/details',
      '/support',
      '/logout',
    ]);
    expect(sectionPaths(merchant, 'settings', user)).toEqual(['/user/account', '/support', '/logout']);
    expect(paths(merchant, null)).not.toContain('/organisations/details');
  });

  it('always offers User account, Support and Log out', () => {
    for (const [currentUser, organisation] of [
      [merchant, admin],
      [customer, user],
      [merchant, null],
    ] as const) {
      expect(paths(currentUser, organisation)).toEqual(
        expect.arrayContaining(['/user/account', '/support', '/logout']),
      );
    }
  });

  it('never lists Invitations', () => {
    for (const currentUser of [merchant, customer]) {
      for (const organisation of [admin, user, null]) {
        expect(paths(currentUser, organisation)).not.toContain('/user/invitations');
      }
    }
  });
  it('gives a person with no organisation yet a way to set one up and their own settings, nothing else', () => {
    const newcomer: CurrentUser = { ...customer, customer: null, merchant: null, organisations: [] };
    expect(buildMenu({ currentUser: newcomer, organisation: null })).toEqual([
      {
        id: 'start',
        title: 'Get started',
        items: [{ label: 'Set up your organisation', path: '/sign-up-organisation' }],
      },
      {
        id: 'settings',
        title: 'Settings',
        items: [
          { label: 'User account', path: '/user/account' },
          { label: 'Support', path: '/support' },
          { label: 'Log out', path: '/logout' },
        ],
      },
    ]);
  });

  it('offers only screens the router opens for the same person', () => {
    for (const currentUser of [merchant, customer]) {
      for (const organisation of [admin, user, null]) {
        const viewer = viewerOf(currentUser, organisation);
        for (const path of paths(currentUser, organisation)) {
          const route = findRoute(path);
          expect(route && isRouteFor(route, viewer), `${path} for ${viewer.kind}`).toBe(true);
        }
      }
    }
  });
});
