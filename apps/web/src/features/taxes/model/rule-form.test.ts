import { describe, expect, it } from 'vitest';
import {
  percentToRateBasisPoints,
  RATE_MESSAGE,
  rateErrors,
  ruleInputOf,
  ruleValuesOf,
} from './rule-form.ts';

describe('percentToRateBasisPoints', () => {
  it('reads whole and decimal percentages exactly', () => {
    expect(percentToRateBasisPoints('10')).toBe(1_000);
    expect(percentToRateBasisPoints('12.5')).toBe(1_250);
    expect(percentToRateBasisPoints('0.29')).toBe(29);
    expect(percentToRateBasisPoints(' 5 %')).toBe(500);
    expect(percentToRateBasisPoints('0')).toBe(0);
    expect(percentToRateBasisPoints('100')).toBe(10_000);
  });

  it('refuses what is not a percentage of at most two decimals', () => {
    for (const text of ['', 'ten', '-1', '1.234', '1e2', '.5'])
      expect(percentToRateBasisPoints(text)).toBeNaN();
  });
});

describe('the rule form', () => {
  it('says what is wrong with a rate over 100 % or unreadable, and nothing of a good one', () => {
    const values = ruleValuesOf(null);
    expect(rateErrors({ ...values, rate_percent: '100.01' })).toEqual({ rate_percent: RATE_MESSAGE });
    expect(rateErrors({ ...values, rate_percent: 'abc' })).toEqual({ rate_percent: RATE_MESSAGE });
    expect(rateErrors({ ...values, rate_percent: '7.5' })).toEqual({});
  });

  it('sends the rate in basis points and the products by id', () => {
    expect(
      ruleInputOf({
        name: 'Exports',
        description: '',
        rate_percent: '2.5',
        category_ids: ['c1'],
        products: [{ id: 'p1', name: 'Cold brew', sku: 'CB-1', is_active: true }],
      }),
    ).toEqual({
      name: 'Exports',
      description: '',
      rate_basis_points: 250,
      product_ids: ['p1'],
      category_ids: ['c1'],
    });
  });
});
