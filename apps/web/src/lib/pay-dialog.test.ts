import { describe, expect, it } from 'vitest';
import { readPayDialog, withoutPayDialog, withPayDialog } from './pay-dialog.ts';

const ORDER = '00000000-0000-4000-8000-000000001042';
const MERCHANT = '00000000-0000-4000-8000-000000000001';

describe('pay dialog addresses', () => {
  it('round-trips a dialog through the query, keeping what else the address holds', () => {
    const search = withPayDialog(new URLSearchParams('status=SHIPPED'), {
      kind: 'card',
      merchantId: MERCHANT,
      orderId: ORDER,
    });
    expect(search.get('status')).toBe('SHIPPED');
    expect(readPayDialog(search)).toEqual({ kind: 'card', merchantId: MERCHANT, orderId: ORDER });
    expect(withoutPayDialog(search).toString()).toBe('status=SHIPPED');
  });

  it('opens nothing for an unknown dialog or an id that is not one', () => {
    expect(readPayDialog(new URLSearchParams('pay=cash'))).toBeNull();
    expect(readPayDialog(new URLSearchParams(`pay=card&pay_order=../../x`))).toBeNull();
    expect(readPayDialog(new URLSearchParams('q=milk'))).toBeNull();
  });

  it('replaces one dialog with another rather than mixing their ids', () => {
    const first = withPayDialog(new URLSearchParams(), {
      kind: 'card',
      merchantId: MERCHANT,
      orderId: ORDER,
    });
    expect(readPayDialog(withPayDialog(first, { kind: 'links', orderId: ORDER }))).toEqual({
      kind: 'links',
      orderId: ORDER,
    });
  });
});
