import { describe, expect, it } from 'vitest';
import { lineProblemText, priceIncGstCents } from './prices.ts';

describe('catalogue prices', () => {
  it('adds GST at the default rate, half-up to the cent, to a taxable product only', () => {
    expect(priceIncGstCents({ price_cents: 1_005, is_gst_applicable: true })).toBe(1_106);
    expect(priceIncGstCents({ price_cents: 1_005, is_gst_applicable: false })).toBe(1_005);
  });

  it('names the rule a line breaks', () => {
    const rule = { min_order_quantity: 8, pack_size: 6 };
    expect(lineProblemText('BELOW_MINIMUM', rule)).toBe('Below the minimum order quantity (8)');
    expect(lineProblemText('NOT_PACK_MULTIPLE', rule)).toBe('Not a whole number of packs (packs of 6)');
  });
});
