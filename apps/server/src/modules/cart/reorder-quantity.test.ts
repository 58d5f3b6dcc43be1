import { type CatalogueProduct, MAX_LINE_QUANTITY } from '@tradeport/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderableQuantity } from './reorder.service.ts';

const product = (min: number, pack: number) =>
  ({ min_order_quantity: min, pack_size: pack }) as CatalogueProduct;

describe('orderableQuantity (order again)', () => {
  it('keeps a quantity that can still be ordered, and raises one that cannot', () => {
    expect(orderableQuantity(12, product(1, 1))).toBe(12);
    expect(orderableQuantity(100, product(150, 75))).toBe(150);
    expect(orderableQuantity(160, product(150, 75))).toBe(225);
    expect(orderableQuantity(3, product(1, 6))).toBe(6);
    expect(orderableQuantity(MAX_LINE_QUANTITY + 5, product(1, 7))).toBe(99_995);
    expect(orderableQuantity(1, product(1, MAX_LINE_QUANTITY + 1))).toBeUndefined();
  });

  it('answers the least quantity ≥ the one wanted that the product allows, within a line’s bound', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 * MAX_LINE_QUANTITY }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        (wanted, min, pack) => {
          const quantity = orderableQuantity(wanted, product(min, pack));
          if (quantity === undefined) {
            // Only when not even the largest whole number of packs under the bound meets the minimum.
            expect(Math.floor(MAX_LINE_QUANTITY / pack) * pack).toBeLessThan(min);
            return;
          }
          expect(quantity % pack).toBe(0);
          expect(quantity).toBeGreaterThanOrEqual(min);
          expect(quantity).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
          if (quantity < MAX_LINE_QUANTITY - pack) {
            expect(quantity).toBeGreaterThanOrEqual(wanted);
            // The least such: one pack fewer would be too few.
            expect(quantity - pack < Math.max(wanted, min)).toBe(true);
          }
        },
      ),
    );
  });
});
