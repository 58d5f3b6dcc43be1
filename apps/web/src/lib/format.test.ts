import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format.ts';

describe('formatDate', () => {
  it('shows day/month/year with leading zeros', () => {
    expect(formatDate('2026-03-05T01:00:00.000Z', { timeZone: 'UTC' })).toBe('05/03/2026');
    expect(formatDate(new Date(Date.UTC(2026, 11, 31, 12)), { timeZone: 'UTC' })).toBe('31/12/2026');
  });

  it('shows an instant on the calendar day of the given time zone', () => {
    // 14:30 UTC on 5 March is already 6 March in Sydney (UTC+11 in daylight saving).
    expect(formatDate('2026-03-05T14:30:00.000Z', { timeZone: 'Australia/Sydney' })).toBe('06/03/2026');
  });

  it('never shifts a plain calendar date', () => {
    expect(formatDate('2026-01-09')).toBe('09/01/2026');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(Date.UTC(2025, 0, 2, 12), { timeZone: 'UTC' })).toBe('02/01/2025');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats integer cents as AUD', () => {
    expect(formatMoney(123_456)).toBe('$1,234.56');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('shows refunds and credits with a minus sign', () => {
    expect(formatMoney(-1_050)).toBe('-$10.50');
    expect(formatMoney(-5)).toBe('-$0.05');
    expect(formatMoney(-105)).toBe('-$1.05');
  });

  it('keeps every cent of large amounts', () => {
    expect(formatMoney(1_234_567_890_123)).toBe('$12,345,678,901.23');
    // Beyond 2^53 / 100 a division by 100 is no longer exact; the text of the cents is.
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('marks other currencies so they cannot pass for AUD', () => {
    // The exact prefix (USD or US$) depends on the browser's locale data.
    expect(formatMoney(1_000, 'USD')).toMatch(/^(USD|US\$)\s?10\.00$/);
  });

  it('refuses fractional cents', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
  });
});
