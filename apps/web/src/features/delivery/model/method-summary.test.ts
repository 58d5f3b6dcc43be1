import { describe, expect, it } from 'vitest';
import { feeSummary, minutesToClock, offeredToSummary, weekdaysSummary } from './method-summary.ts';

describe('weekdaysSummary', () => {
  it('reads runs of three or more days as a range and the rest one by one', () => {
    expect(weekdaysSummary([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(weekdaysSummary([5, 3, 1])).toBe('Mon, Wed, Fri');
    expect(weekdaysSummary([1, 2, 4, 5, 6])).toBe('Mon, Tue, Thu–Sat');
    expect(weekdaysSummary([6, 7])).toBe('Sat, Sun');
  });

  it('calls no days, or all seven, every day', () => {
    expect(weekdaysSummary([])).toBe('Every day');
    expect(weekdaysSummary([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
  });
});

describe('minutesToClock', () => {
  it('writes a time of day on the 12-hour clock', () => {
    expect(minutesToClock(840)).toBe('2:00 pm');
    expect(minutesToClock(0)).toBe('12:00 am');
    expect(minutesToClock(720)).toBe('12:00 pm');
    expect(minutesToClock(1439)).toBe('11:59 pm');
    expect(minutesToClock(545)).toBe('9:05 am');
  });
});

describe('feeSummary', () => {
  it('says a fixed fee, free, and where it becomes free', () => {
    expect(feeSummary({ fee_cents: 1500, fee_bands: [], free_above_cents: 30000 })).toBe(
      '$15.00; free from $300.00',
    );
    expect(feeSummary({ fee_cents: 0, fee_bands: [], free_above_cents: null })).toBe('Free');
  });

  it('lists bands in subtotal order, with the fixed fee below a first band above $0', () => {
    const bands = [
      { from_subtotal_cents: 20000, fee_cents: 500 },
      { from_subtotal_cents: 0, fee_cents: 2000 },
    ];
    expect(feeSummary({ fee_cents: 0, fee_bands: bands, free_above_cents: null })).toBe(
      '$20.00 from $0.00; $5.00 from $200.00',
    );
    expect(
      feeSummary({
        fee_cents: 2500,
        fee_bands: [{ from_subtotal_cents: 10000, fee_cents: 1000 }],
        free_above_cents: null,
      }),
    ).toBe('$25.00 under $100.00; $10.00 from $100.00');
  });
});

describe('offeredToSummary', () => {
  it('says everyone, or how many chosen customers', () => {
    expect(offeredToSummary({ is_available_to_all: true, customer_count: 4 })).toBe('Every customer');
    expect(offeredToSummary({ is_available_to_all: false, customer_count: 0 })).toBe('No customers yet');
    expect(offeredToSummary({ is_available_to_all: false, customer_count: 1 })).toBe('1 chosen customer');
    expect(offeredToSummary({ is_available_to_all: false, customer_count: 3 })).toBe('3 chosen customers');
  });
});
