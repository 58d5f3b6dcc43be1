import { describe, expect, it } from 'vitest';
import { centsToDollarsText, parseDollarsToCents } from './money-input.ts';

describe('parseDollarsToCents', () => {
  it.each([
    ['5000', 500_000],
    ['2,500.50', 250_050],
    ['$2500.5', 250_050],
    [' 0.29 ', 29],
    ['0', 0],
    ['1.1', 110],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toEqual({ ok: true, cents });
  });

  it('treats a blank amount as none', () => {
    expect(parseDollarsToCents('  ')).toEqual({ ok: true, cents: null });
  });

  it.each(['-5', '1.234', 'abc', '1.2.3', '.5', '1,23'])('refuses %j', (text) => {
    expect(parseDollarsToCents(text).ok).toBe(false);
  });

  it('says why a negative amount is refused', () => {
    expect(parseDollarsToCents('-5')).toEqual({ ok: false, message: 'Enter an amount of zero or more' });
  });

  it('names the field it reads, so a tier price is never called a credit limit', () => {
    const tierPrice = { name: 'tier price', example: '4.50 or 12' };
    expect(parseDollarsToCents('4.2.0', tierPrice)).toEqual({
      ok: false,
      message: 'Enter the tier price in dollars, like 4.50 or 12',
    });
    expect(parseDollarsToCents('-1', tierPrice)).toEqual({
      ok: false,
      message: 'The tier price cannot be negative',
    });
    expect(parseDollarsToCents('99999999999999999', tierPrice)).toEqual({
      ok: false,
      message: 'That tier price is too large',
    });
    expect(parseDollarsToCents('4.5', tierPrice)).toEqual({ ok: true, cents: 450 });
  });

  it('refuses amounts beyond exact cents', () => {
    expect(parseDollarsToCents('99999999999999999')).toEqual({
      ok: false,
      message: 'That amount is too large',
    });
  });
});

describe('centsToDollarsText', () => {
  it('writes whole dollars without cents and keeps two decimals otherwise', () => {
    expect(centsToDollarsText(500_000)).toBe('5000');
    expect(centsToDollarsText(250_050)).toBe('2500.50');
    expect(centsToDollarsText(7)).toBe('0.07');
    expect(centsToDollarsText(null)).toBe('');
    expect(centsToDollarsText(-5)).toBe('-0.05');
  });

  it('round-trips through the parser', () => {
    for (const cents of [0, 1, 99, 100, 12_345, 10_000_000_000]) {
      expect(parseDollarsToCents(centsToDollarsText(cents))).toEqual({ ok: true, cents });
    }
  });
});
