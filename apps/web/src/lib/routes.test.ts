import { describe, expect, it } from 'vitest';
import { findRoute, pageTitle, ROUTES, routePath } from './routes.ts';

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
