import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  cardFeeCents,
  cardSurchargeCents,
  divideRoundHalfUp,
  gstCents,
  invoiceGstCents,
} from './money.ts';

const cents = fc.integer({ min: 0, max: 100_000_000_00 });
const line = fc.record({
  amountCents: fc.integer({ min: 0, max: 10_000_000 }),
  isGstApplicable: fc.boolean(),
});

describe('divideRoundHalfUp', () => {
  it('rounds halves away from zero', () => {
    expect(divideRoundHalfUp(5n, 10n)).toBe(1n);
    expect(divideRoundHalfUp(4n, 10n)).toBe(0n);
    expect(divideRoundHalfUp(-5n, 10n)).toBe(-1n);
    expect(divideRoundHalfUp(-4n, 10n)).toBe(0n);
  });

  it('is within half a unit of the exact quotient', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (n, d) => {
          const q = divideRoundHalfUp(n, d);
          const twiceError = 2n * (q * d - n);
          expect(twiceError <= d && twiceError >= -d).toBe(true);
        },
      ),
    );
  });
});

describe('gstCents', () => {
  it('is 10 % half-up to the cent', () => {
    expect(gstCents(1000)).toBe(100);
    expect(gstCents(5)).toBe(1); // 0.5 → 1
    expect(gstCents(4)).toBe(0); // 0.4 → 0
    expect(gstCents(1234)).toBe(123); // 123.4
    expect(gstCents(1235)).toBe(124); // 123.5
    expect(gstCents(-1235)).toBe(-124); // credits mirror charges
  });

  it('never differs from the exact tenth by more than half a cent', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(Math.abs(gstCents(c) * 10 - c)).toBeLessThanOrEqual(5);
      }),
    );
  });

  it('is monotonic', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => (a <= b ? gstCents(a) <= gstCents(b) : gstCents(a) >= gstCents(b))),
    );
  });

  it('rejects fractional cents', () => {
    expect(() => applyBasisPoints(10.5, 1000)).toThrow(RangeError);
  });
});

describe('invoiceGstCents', () => {
  it('rounds per line or once per invoice', () => {
    const lines = [
      { amountCents: 5, isGstApplicable: true },
      { amountCents: 5, isGstApplicable: true },
      { amountCents: 999, isGstApplicable: false },
    ];
    expect(invoiceGstCents(lines, { rounding: 'PER_LINE' })).toBe(2);
    expect(invoiceGstCents(lines, { rounding: 'PER_INVOICE' })).toBe(1);
  });

  it('ignores GST-free lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const free = lines.map((l) => ({ ...l, isGstApplicable: false }));
        expect(invoiceGstCents(free, { rounding: 'PER_LINE' })).toBe(0);
        expect(invoiceGstCents(free, { rounding: 'PER_INVOICE' })).toBe(0);
      }),
    );
  });

  it('keeps the two roundings within half a cent per taxable line of each other', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const taxableCount = lines.filter((l) => l.isGstApplicable).length;
        const perLine = invoiceGstCents(lines, { rounding: 'PER_LINE' });
        const perInvoice = invoiceGstCents(lines, { rounding: 'PER_INVOICE' });
        expect(Math.abs(perLine - perInvoice) * 2).toBeLessThanOrEqual(taxableCount + 1);
      }),
    );
  });

  it('PER_INVOICE equals GST of the taxable total', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const total = lines.filter((l) => l.isGstApplicable).reduce((s, l) => s + l.amountCents, 0);
        expect(invoiceGstCents(lines, { rounding: 'PER_INVOICE' })).toBe(gstCents(total));
      }),
    );
  });
});

describe('card fees', () => {
  it('charges 1.7 % + 30c domestic and 3.5 % + 30c international', () => {
    expect(cardFeeCents(10_000, 'DOMESTIC')).toBe(200);
    expect(cardFeeCents(10_000, 'INTERNATIONAL')).toBe(380);
    expect(cardFeeCents(0, 'DOMESTIC')).toBe(0);
  });

  it('surcharges the example amounts to cover the fee exactly', () => {
    // $100 domestic: S ≤ 0.017(10000 + S) + 30 → S = 203 (fee on 10203 is 203.45 → 203).
    expect(cardSurchargeCents(10_000, 'DOMESTIC')).toBe(203);
    expect(cardSurchargeCents(0, 'DOMESTIC')).toBe(0);
  });

  const region = fc.constantFrom('DOMESTIC' as const, 'INTERNATIONAL' as const);

  it('never surcharges more than the cost of taking the surcharged total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_00 }), region, (amount, r) => {
        const s = cardSurchargeCents(amount, r);
        expect(s).toBeLessThanOrEqual(cardFeeCents(amount + s, r));
      }),
    );
  });

  it('is the largest such surcharge, so the merchant loses at most a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_00 }), region, (amount, r) => {
        const s = cardSurchargeCents(amount, r);
        expect(s + 1).toBeGreaterThan(cardFeeCents(amount + s + 1, r));
        expect(cardFeeCents(amount + s, r) - s).toBeLessThanOrEqual(1);
      }),
    );
  });
});
