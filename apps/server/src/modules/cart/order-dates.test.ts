import { describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '@tradeport/contract';
import { dueDate } from './order-dates.ts';

describe('order dates', () => {
  it('takes the date in the merchant’s zone, not UTC’s', () => {
    // 20:30 UTC on the 1st is already the 2nd in Sydney (UTC+11 in summer).
    const instant = new Date('2026-01-01T20:30:00Z');
    expect(dateInZone(instant, 'Australia/Sydney')).toBe('2026-01-02');
    expect(dateInZone(instant, 'Australia/Perth')).toBe('2026-01-02');
    expect(dateInZone(instant, 'UTC')).toBe('2026-01-01');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-30', 14)).toBe('2026-02-13');
    expect(addDays('2026-12-25', 7)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', 0)).toBe('2026-03-01');
  });

  it('falls due the terms after the placing date in the zone', () => {
    expect(
      dueDate({
        placedAt: new Date('2026-01-31T14:00:00Z'),
        timeZone: 'Australia/Sydney',
        paymentTermsDays: 30,
      }),
    ).toBe('2026-03-03');
  });
});
