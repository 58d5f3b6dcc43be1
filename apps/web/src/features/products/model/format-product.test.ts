import { describe, expect, it } from 'vitest';
import { unitLabel, usageText } from './format-product.ts';

const none = { order_count: 0, pricing_tier_count: 0, visibility_group_count: 0 };

describe('usageText', () => {
  it('is null for a product nothing uses', () => {
    expect(usageText(none)).toBeNull();
  });

  it('names each use with its count', () => {
    expect(usageText({ ...none, pricing_tier_count: 2 })).toBe('Used by 2 pricing tiers');
    expect(usageText({ ...none, order_count: 1, visibility_group_count: 1 })).toBe(
      'Used by 1 order and 1 visibility group',
    );
    expect(usageText({ order_count: 3, pricing_tier_count: 1, visibility_group_count: 2 })).toBe(
      'Used by 3 orders, 1 pricing tier and 2 visibility groups',
    );
  });
});

describe('unitLabel', () => {
  it('names the unit with its abbreviation', () => {
    expect(unitLabel({ name: 'Kilogram', abbreviation: 'kg' })).toBe('Kilogram (kg)');
  });
});
