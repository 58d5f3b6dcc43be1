import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  divideRoundHalfUp,
  formatDollars,
  gstCents,
  invoiceGstCents,
  parseDollars,
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

describe('parseDollars', () => {
  it.each([
    ['5000', 500_000],
    ['2,500.50', 250_050],
    ['$2500.5', 250_050],
    [' 0.29 ', 29],
    ['0', 0],
    ['007.10', 710],
    ['1,234,567.89', 123_456_789],
    ['-5', -500],
    ['-0.05', -5],
    ['-$1.05', -105],
    ['$-1.05', -105],
    ['-0', 0],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toEqual({ ok: true, cents });
  });

  it('never answers negative zero', () => {
    const parsed = parseDollars('-0.00');
    expect(parsed.ok && Object.is(parsed.cents, 0)).toBe(true);
  });

  it.each([
    '12.505',
    '1.234',
    '.5',
    '12.',
    '1e3',
    'abc',
    '1,23.00',
    '12,34',
    '1.2.3',
    '--5',
    '-$-5',
    '5-',
    '$ 5',
    '+5',
  ])('refuses %j as not dollars', (text) => {
    expect(parseDollars(text)).toMatchObject({ ok: false, reason: 'not-dollars' });
  });

  it('says a blank is blank, so a caller can treat it as no amount', () => {
    expect(parseDollars('  ')).toMatchObject({ ok: false, reason: 'blank' });
  });

  it('refuses negatives where the caller does not allow them, but not zero', () => {
    expect(parseDollars('-3', { allowNegative: false })).toMatchObject({ ok: false, reason: 'negative' });
    expect(parseDollars('-0', { allowNegative: false })).toEqual({ ok: true, cents: 0 });
  });

  it('refuses amounts beyond exact cents or beyond the caller’s limit, however long', () => {
    expect(parseDollars('90071992547409.91')).toEqual({ ok: true, cents: Number.MAX_SAFE_INTEGER });
    expect(parseDollars('90071992547409.92')).toMatchObject({ ok: false, reason: 'too-large' });
    expect(parseDollars('-90071992547409.92')).toMatchObject({ ok: false, reason: 'too-large' });
    expect(parseDollars('9'.repeat(40))).toMatchObject({ ok: false, reason: 'too-large' });
    expect(parseDollars('10000000.00', { maxCents: 1_000_000_000 })).toEqual({
      ok: true,
      cents: 1_000_000_000,
    });
    expect(parseDollars('10000000.01', { maxCents: 1_000_000_000 })).toMatchObject({
      ok: false,
      reason: 'too-large',
      message: 'That amount is too large',
    });
  });
});

describe('formatDollars', () => {
  it('writes negative amounts with one leading minus sign', () => {
    expect(formatDollars(-5)).toBe('-0.05');
    expect(formatDollars(-105)).toBe('-1.05');
    expect(formatDollars(-100)).toBe('-1.00');
    expect(formatDollars(-123_456, { grouping: true })).toBe('-1,234.56');
  });

  it('always writes cents unless asked to drop zero ones', () => {
    expect(formatDollars(0)).toBe('0.00');
    expect(formatDollars(5)).toBe('0.05');
    expect(formatDollars(123_450)).toBe('1234.50');
    expect(formatDollars(500_000, { omitZeroCents: true })).toBe('5000');
    expect(formatDollars(250_050, { omitZeroCents: true })).toBe('2500.50');
    expect(formatDollars(-0)).toBe('0.00');
  });

  it('groups thousands when asked', () => {
    expect(formatDollars(123_450, { grouping: true })).toBe('1,234.50');
    expect(formatDollars(99_999, { grouping: true })).toBe('999.99');
    expect(formatDollars(100_000_000, { grouping: true, omitZeroCents: true })).toBe('1,000,000');
  });

  it('keeps the cents of the largest exact amounts, which a division by 100 would round', () => {
    expect(formatDollars(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(formatDollars(-9_007_199_254_740_899)).toBe('-90071992547408.99');
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => formatDollars(10.5)).toThrow(RangeError);
    expect(() => formatDollars(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('dollars text round trip', () => {
  const formatOptions = fc.record({ grouping: fc.boolean(), omitZeroCents: fc.boolean() });

  it('reads back every amount it writes, in every style', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), formatOptions, (amount, options) => {
        expect(parseDollars(formatDollars(amount, options))).toEqual({ ok: true, cents: amount });
      }),
    );
  });

  // Any way of writing an amount (sign before or after "$", leading zeros, grouping, one or two
  // decimals) reads as the cents built independently here, and writes back in the one plain form.
  const writtenAmount = fc
    .record({
      dollars: fc.bigInt({ min: 0n, max: 90_071_992_547_408n }),
      cents: fc.integer({ min: 0, max: 99 }),
      decimals: fc.constantFrom(0, 1, 2),
      isNegative: fc.boolean(),
      signAfterDollarSign: fc.boolean(),
      hasDollarSign: fc.boolean(),
      isGrouped: fc.boolean(),
      leadingZeros: fc.integer({ min: 0, max: 2 }),
      padding: fc.constantFrom('', ' ', '\t'),
    })
    .map((parts) => {
      // One decimal can only say tens of cents; none, whole dollars.
      const cents =
        parts.decimals === 2 ? parts.cents : parts.decimals === 1 ? parts.cents - (parts.cents % 10) : 0;
      let whole = parts.dollars.toString();
      whole = parts.isGrouped
        ? whole.replace(/\B(?=(\d{3})+$)/g, ',')
        : '0'.repeat(parts.leadingZeros) + whole;
      const fraction =
        parts.decimals === 0 ? '' : `.${String(cents).padStart(2, '0').slice(0, parts.decimals)}`;
      const sign = parts.isNegative ? '-' : '';
      const dollarSign = parts.hasDollarSign ? '$' : '';
      const body = parts.signAfterDollarSign ? `${dollarSign}${sign}` : `${sign}${dollarSign}`;
      const magnitude = Number(parts.dollars * 100n + BigInt(cents));
      return {
        text: `${parts.padding}${body}${whole}${fraction}${parts.padding}`,
        cents: parts.isNegative && magnitude !== 0 ? -magnitude : magnitude,
      };
    });

  it('reads every way of writing an amount exactly, and normalises it', () => {
    fc.assert(
      fc.property(writtenAmount, ({ text, cents }) => {
        expect(parseDollars(text)).toEqual({ ok: true, cents });
        const normal = formatDollars(cents);
        expect(normal).toMatch(/^-?\d+\.\d\d$/);
        expect(parseDollars(normal)).toEqual({ ok: true, cents });
      }),
    );
  });
});
