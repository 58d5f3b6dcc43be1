import { describe, expect, it } from 'vitest';
import { lineProblemText, priceIncGstCents } from './prices.ts';

describe('catalogue prices', () => {
  it('adds GST at the product’s own rate for the customer, half-up to the cent', () => {
    expect(priceIncGstCents({ price_cents: 1_005, gst_rate_basis_points: 1_000 })).toBe(1_106);
    // A tax rule's 5 %: $0.5025 rounds to $0.50.
    expect(priceIncGstCents({ price_cents: 1_005, gst_rate_basis_points: 500 })).toBe(1_055);
    expect(priceIncGstCents({ price_cents: 1_005, gst_rate_basis_points: 0 })).toBe(1_005);
  });

  it('names the rule a line breaks', () => {
    const rule = { min_order_quantity: 8, pack_size: 6 };
    expect(lineProblemText('BELOW_MINIMUM', rule)).toBe('Below the minimum order quantity (8)');
    expect(lineProblemText('NOT_PACK_MULTIPLE', rule)).toBe('Not a whole number of packs (packs of 6)');
  });
});
