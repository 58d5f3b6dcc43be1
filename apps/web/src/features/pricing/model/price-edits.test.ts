import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPrice, editsAfterSave, errorsByProduct, pendingPrices, priceInputText } from './price-edits.ts';

const A = 'product-a';
const B = 'product-b';
const C = 'product-c';

describe('priceInputText and checkPrice', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(priceInputText(450)).toBe('4.50');
    expect(priceInputText(5)).toBe('0.05');
    expect(priceInputText(120000)).toBe('1200.00');
  });

  it('reads dollars as exact cents, where a float would not be exact', () => {
    expect(checkPrice('0.29')).toEqual({ ok: true, cents: 29 });
    expect(checkPrice('$1,234.5')).toEqual({ ok: true, cents: 123450 });
    expect(checkPrice('4.10')).toEqual({ ok: true, cents: 410 });
  });

  it('refuses a blank, a non-amount and one above the contract’s limit', () => {
    expect(checkPrice('  ')).toEqual({ ok: false, message: 'Enter the tier price' });
    expect(checkPrice('4.555')).toEqual({
      ok: false,
      message: 'Enter the tier price in dollars, like 4.50 or 12',
    });
    expect(checkPrice('-3')).toEqual({ ok: false, message: 'The tier price cannot be negative' });
    expect(checkPrice('10000000.01')).toEqual({ ok: false, message: 'That tier price is too large' });
  });

  it('reads back every price it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        expect(checkPrice(priceInputText(cents))).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe('pendingPrices', () => {
  it('sends only the rows whose price changed', () => {
    const pending = pendingPrices({
      [A]: { text: '4.20', originalCents: 450 },
      // Typed back to what it was: nothing to send.
      [B]: { text: '3.00', originalCents: 300 },
      [C]: { text: '12', originalCents: 1100 },
    });
    expect(pending.items).toEqual([
      { product_id: A, price_cents: 420 },
      { product_id: C, price_cents: 1200 },
    ]);
    expect(pending.errors).toEqual({});
    expect(pending.count).toBe(2);
  });

  it('counts a row that is not a price, with its error', () => {
    const pending = pendingPrices({ [A]: { text: 'abc', originalCents: 450 } });
    expect(pending.items).toEqual([]);
    expect(pending.errors[A]).toBe('Enter the tier price in dollars, like 4.50 or 12');
    expect(pending.count).toBe(1);
  });
});

describe('errorsByProduct', () => {
  it('finds the row of each server issue by the order sent', () => {
    const sent = [
      { product_id: A, price_cents: 1 },
      { product_id: B, price_cents: 2 },
    ];
    expect(
      errorsByProduct(
        [
          { path: 'body.items.1.price_cents', message: 'Too large' },
          { path: 'body.items', message: 'A product is listed more than once' },
        ],
        sent,
      ),
    ).toEqual({ [B]: 'Too large' });
  });
});

describe('editsAfterSave', () => {
  it('drops saved rows but keeps ones typed on during the save, and unsent ones', () => {
    const left = editsAfterSave(
      {
        [A]: { text: '4.20', originalCents: 450 },
        [B]: { text: '3.10', originalCents: 300 },
        [C]: { text: 'x', originalCents: 100 },
      },
      [
        { product_id: A, price_cents: 420 },
        { product_id: B, price_cents: 305 },
      ],
    );
    expect(left).toEqual({
      [B]: { text: '3.10', originalCents: 305 },
      [C]: { text: 'x', originalCents: 100 },
    });
  });
});
