import { describe, expect, it } from 'vitest';
import {
  findRoute,
  isRouteFor,
  isRouteOffered,
  pageTitle,
  ROUTES,
  routePath,
  type Viewer,
} from './routes.ts';

describe('route table', () => {
  it('lists every path once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps the SPEC §2 auth routes outside the session check', () => {
    const auth = ROUTES.filter((route) => route.area === 'auth').map((route) => route.path);
    expect(auth.sort()).toEqual(
      [
        '/logout',
        '/sign-in',
        '/sign-in/reset-password',
        '/sign-in/reset-password/verify',
        '/sign-up',
        '/sign-up-organisation',
      ].sort(),
    );
    expect(findRoute('/sign-up-products')?.area).toBe('onboarding');
    expect(findRoute('/sign-up-payment')?.area).toBe('onboarding');
  });

  it('keeps a payment link’s page public: no session, no shell', () => {
    expect(ROUTES.filter((route) => route.area === 'public').map((route) => route.path)).toEqual([
      '/pay/:token',
    ]);
    expect(pageTitle('/pay/abc')).toBe('Pay an invoice · Tradeport');
  });
});

describe('pageTitle', () => {
  it('names the page, then the product', () => {
    expect(pageTitle('/orders')).toBe('All Orders · Tradeport');
    expect(pageTitle('/')).toBe('Home · Tradeport');
    expect(pageTitle('/sign-in')).toBe('Sign in · Tradeport');
    expect(pageTitle('/orders/create')).toBe('Create New Order · Tradeport');
  });

  it('ignores a trailing slash', () => {
    expect(pageTitle('/payments/overview/')).toBe('Payments overview · Tradeport');
  });

  it('says so for an unknown path', () => {
    expect(pageTitle('/nowhere')).toBe('Page not found · Tradeport');
  });
});

describe('routePath', () => {
  it('fills in the parameters of a path from the table', () => {
    expect(routePath('/products/:productId', { productId: 'p-1' })).toBe('/products/p-1');
    expect(routePath('/pricing')).toBe('/pricing');
  });

  it('encodes a parameter so it stays one segment, and adds the query string', () => {
    expect(routePath('/customers/:customerId', { customerId: 'a/b' })).toBe('/customers/a%2Fb');
    expect(routePath('/sign-in', undefined, { returnUrl: '/orders?status=SHIPPED' })).toBe(
      '/sign-in?returnUrl=%2Forders%3Fstatus%3DSHIPPED',
    );
  });
});

describe('who a screen is for', () => {
  const merchantAdmin: Viewer = { kind: 'merchant', isAdmin: true };
  const merchantUser: Viewer = { kind: 'merchant', isAdmin: false };
  const cafeAdmin: Viewer = { kind: 'customer', isAdmin: true };
  const newcomer: Viewer = { kind: 'none', isAdmin: false };
  const route = (path: string) => {
    const found = findRoute(path);
    if (!found) throw new Error(`no route ${path}`);
    return found;
  };

  it('keeps the merchant screens for merchants', () => {
    for (const path of ['/products', '/customers/c-1', '/pricing/t-1', '/brands', '/organisations/billing']) {
      expect(isRouteFor(route(path), merchantUser)).toBe(true);
      expect(isRouteFor(route(path), cafeAdmin)).toBe(false);
      expect(isRouteFor(route(path), newcomer)).toBe(false);
    }
  });

  it('keeps ordering and the organisation for members, and the person’s own screens for everyone', () => {
    expect(isRouteFor(route('/orders'), cafeAdmin)).toBe(true);
    expect(isRouteFor(route('/orders'), newcomer)).toBe(false);
    expect(isRouteFor(route('/organisations/details'), cafeAdmin)).toBe(true);
    for (const path of ['/', '/user/account', '/user/invitations', '/support']) {
      expect(isRouteFor(route(path), newcomer)).toBe(true);
    }
  });

  it('offers Admin-only screens to Admins, while they still exist for the others', () => {
    expect(isRouteOffered(route('/xero/settings'), merchantAdmin)).toBe(true);
    expect(isRouteOffered(route('/xero/settings'), merchantUser)).toBe(false);
    expect(isRouteFor(route('/organisations/details'), merchantUser)).toBe(true);
  });
});
