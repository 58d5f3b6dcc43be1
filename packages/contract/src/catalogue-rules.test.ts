import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isProductVisibleTo, resolveUnitPrice } from './catalogue-rules.ts';

const cents = fc.integer({ min: 0, max: 1_000_000_000 });
const groupIds = fc.uniqueArray(fc.constantFrom('g1', 'g2', 'g3', 'g4', 'g5'), { maxLength: 5 });

describe('resolveUnitPrice', () => {
  it('charges the tier price when the tier has one', () => {
    expect(resolveUnitPrice({ basePriceCents: 1000, tierPriceCents: 850 })).toBe(850);
  });

  it('charges the base price without a tier price', () => {
    expect(resolveUnitPrice({ basePriceCents: 1000, tierPriceCents: null })).toBe(1000);
    expect(resolveUnitPrice({ basePriceCents: 1000, tierPriceCents: undefined })).toBe(1000);
  });

  it('honours a tier price of zero (a free item) rather than falling back', () => {
    expect(resolveUnitPrice({ basePriceCents: 1000, tierPriceCents: 0 })).toBe(0);
  });

  it('always answers exactly one of the two prices, the tier one whenever present', () => {
    fc.assert(
      fc.property(cents, fc.option(cents, { nil: null }), (base, tier) => {
        const price = resolveUnitPrice({ basePriceCents: base, tierPriceCents: tier });
        expect(price).toBe(tier === null ? base : tier);
      }),
    );
  });

  it('never depends on the base price once the tier has a price', () => {
    fc.assert(
      fc.property(cents, cents, cents, (baseA, baseB, tier) => {
        expect(resolveUnitPrice({ basePriceCents: baseA, tierPriceCents: tier })).toBe(
          resolveUnitPrice({ basePriceCents: baseB, tierPriceCents: tier }),
        );
      }),
    );
  });
});

describe('isProductVisibleTo', () => {
  it('shows an active product in no group to everyone', () => {
    expect(isProductVisibleTo({ isProductActive: true, productGroupIds: [], customerGroupIds: [] })).toBe(
      true,
    );
  });

  it('shows a grouped product only to members of one of its groups', () => {
    const product = { isProductActive: true, productGroupIds: ['g1', 'g2'] };
    expect(isProductVisibleTo({ ...product, customerGroupIds: ['g2'] })).toBe(true);
    expect(isProductVisibleTo({ ...product, customerGroupIds: ['g3'] })).toBe(false);
    expect(isProductVisibleTo({ ...product, customerGroupIds: [] })).toBe(false);
  });

  it('never shows an archived product', () => {
    fc.assert(
      fc.property(groupIds, groupIds, (productGroupIds, customerGroupIds) => {
        expect(isProductVisibleTo({ isProductActive: false, productGroupIds, customerGroupIds })).toBe(false);
      }),
    );
  });

  it('is the rule as stated, for any groups', () => {
    fc.assert(
      fc.property(fc.boolean(), groupIds, groupIds, (isProductActive, productGroupIds, customerGroupIds) => {
        const expected =
          isProductActive &&
          (productGroupIds.length === 0 || productGroupIds.some((id) => customerGroupIds.includes(id)));
        expect(isProductVisibleTo({ isProductActive, productGroupIds, customerGroupIds })).toBe(expected);
      }),
    );
  });

  it('only narrows: joining a group never hides a product the customer could already see', () => {
    fc.assert(
      fc.property(
        groupIds,
        groupIds,
        fc.constantFrom('g1', 'g2', 'g3', 'g4', 'g5'),
        (productGroupIds, customerGroupIds, extra) => {
          const before = isProductVisibleTo({ isProductActive: true, productGroupIds, customerGroupIds });
          const after = isProductVisibleTo({
            isProductActive: true,
            productGroupIds,
            customerGroupIds: [...customerGroupIds, extra],
          });
          expect(!before || after).toBe(true);
        },
      ),
    );
  });
});
