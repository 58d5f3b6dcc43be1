import { describe, expect, it } from 'vitest';
import { safeReturnUrl, signInPath } from './navigation.ts';

describe('safeReturnUrl', () => {
  it('follows a relative path with its query', () => {
    expect(safeReturnUrl('/orders')).toBe('/orders');
    expect(safeReturnUrl('/orders?status=SHIPPED&page=2')).toBe('/orders?status=SHIPPED&page=2');
  });

  it('falls back to / when missing or empty', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl(undefined)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
  });

  it('refuses protocol-relative and absolute URLs', () => {
    expect(safeReturnUrl('//evil.example')).toBe('/');
    expect(safeReturnUrl('/\\evil.example')).toBe('/');
    expect(safeReturnUrl('https://evil.example/orders')).toBe('/');
    expect(safeReturnUrl('javascript:alert(1)')).toBe('/');
    expect(safeReturnUrl('orders')).toBe('/');
  });
});

describe('signInPath', () => {
  it('encodes the path and search into returnUrl', () => {
    expect(signInPath('/orders?status=SHIPPED&x=1')).toBe(
      '/sign-in?returnUrl=%2Forders%3Fstatus%3DSHIPPED%26x%3D1',
    );
  });
});
