import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOffCents, percentToBasisPoints, TierPercentOffInput } from './pricing.ts';
import { MAX_PRICE_CENTS } from './products.ts';

const BRAND = '00000000-0000-4000-8000-000000000b01';

describe('percentOffCents', () => {
  it('rounds half-up to the cent', () => {
    expect(percentOffCents(4, 1250)).toBe(4); // 3.5
    expect(percentOffCents(5, 1250)).toBe(4); // 4.375
    expect(percentOffCents(99, 1250)).toBe(87); // 86.625
    expect(percentOffCents(450, 1000)).toBe(405);
    expect(percentOffCents(1999, 3333)).toBe(1333); // 1332.73…
  });

  it('keeps 0 % at the base price and makes 100 % free', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_CENTS }), (base) => {
        expect(percentOffCents(base, 0)).toBe(base);
        expect(percentOffCents(base, 10_000)).toBe(0);
      }),
    );
  });

  it('is the nearest cent to the exact price, never above the base, and never rises with the discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_PRICE_CENTS }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (base, a, b) => {
          const price = percentOffCents(base, a);
          expect(Number.isInteger(price)).toBe(true);
          expect(price).toBeLessThanOrEqual(base);
          // Within half a cent of the exact amount (in hundredths of basis points, exactly).
          expect(Math.abs(price * 10_000 - base * (10_000 - a))).toBeLessThanOrEqual(5_000);
          if (a <= b) expect(percentOffCents(base, b)).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
});

describe('TierPercentOffInput', () => {
  it('takes a percentage with up to 2 decimals', () => {
    expect(TierPercentOffInput.parse({ brand_id: BRAND, percent_off: 12.5 })).toEqual({
      brand_id: BRAND,
      percent_off: 12.5,
    });
    expect(percentToBasisPoints(12.34)).toBe(1234);
    expect(percentToBasisPoints(0.29)).toBe(29);
  });

  it.each([-1, 100.01, 7.555, Number.NaN])('refuses %d % in words, never clamping it', (percent) => {
    const result = TierPercentOffInput.safeParse({ brand_id: BRAND, percent_off: percent });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['percent_off', 'Percentage off must be from 0 to 100, with at most 2 decimals'],
    ]);
  });

  it('needs exactly one of a brand and a category', () => {
    for (const scope of [{}, { brand_id: BRAND, category_id: BRAND }]) {
      const result = TierPercentOffInput.safeParse({ ...scope, percent_off: 10 });
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['brand_id']);
    }
  });
});
