import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './date-presets.ts';
import { OverviewQuery, StatementQuery } from './receivables.ts';
import {
  AGING_BUCKETS,
  agingBucket,
  agingDueDates,
  creditLimitUsedBasisPoints,
  daysOf,
  daysOverdue,
  isOverCreditLimit,
  isOverdue,
  periodDayRange,
} from './receivables-rules.ts';

const today = '2026-03-31';

describe('daysOverdue and isOverdue', () => {
  it('counts from the day after the due date, and never below zero', () => {
    expect(daysOverdue({ dueDate: today, today })).toBe(0);
    expect(isOverdue({ dueDate: today, today })).toBe(false);
    expect(daysOverdue({ dueDate: '2026-04-14', today })).toBe(0);
    expect(daysOverdue({ dueDate: '2026-03-30', today })).toBe(1);
    expect(isOverdue({ dueDate: '2026-03-30', today })).toBe(true);
    // Across a month end and a leap day, by calendar days.
    expect(daysOverdue({ dueDate: '2024-02-28', today: '2024-03-01' })).toBe(2);
    // Across Sydney's daylight-saving change (5 April 2026): still whole days.
    expect(daysOverdue({ dueDate: '2026-04-04', today: '2026-04-06' })).toBe(2);
  });
});

describe('agingBucket', () => {
  it('puts the boundaries where their labels say: 30/31, 60/61, 90/91', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(agingBucket)).toEqual([
      'DAYS_0_30',
      'DAYS_0_30',
      'DAYS_0_30',
      'DAYS_31_60',
      'DAYS_31_60',
      'DAYS_61_90',
      'DAYS_61_90',
      'DAYS_90_PLUS',
      'DAYS_90_PLUS',
    ]);
  });

  it('filters by exactly the due dates whose days overdue fall in the bucket', () => {
    expect(agingDueDates('DAYS_0_30', today)).toEqual({ from: '2026-03-01' });
    expect(agingDueDates('DAYS_31_60', today)).toEqual({ from: '2026-01-30', to: '2026-02-28' });
    expect(agingDueDates('DAYS_61_90', today)).toEqual({ from: '2025-12-31', to: '2026-01-29' });
    expect(agingDueDates('DAYS_90_PLUS', today)).toEqual({ to: '2025-12-30' });
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (offset) => {
        const dueDate = addDays(today, -offset);
        const bucket = agingBucket(daysOverdue({ dueDate, today }));
        const holding = AGING_BUCKETS.filter((candidate) => {
          const { from, to } = agingDueDates(candidate, today);
          return (!from || dueDate >= from) && (!to || dueDate <= to);
        });
        expect(holding).toEqual([bucket]);
      }),
    );
  });
});

describe('periodDayRange', () => {
  // Tuesday 31 March 2026, 09:00 in Sydney (AEDT) — still the 30th in UTC.
  const now = new Date('2026-03-30T22:00:00Z');
  const timeZone = 'Australia/Sydney';

  it('takes a preset in the merchant’s zone, else both dates, else the fallback', () => {
    expect(periodDayRange({ period: 'TODAY' }, { now, timeZone, fallback: 'LAST_30_DAYS' })).toEqual({
      from: '2026-03-31',
      to: '2026-04-01',
    });
    expect(
      periodDayRange({ from: '2026-01-01', to: '2026-01-31' }, { now, timeZone, fallback: 'TODAY' }),
    ).toEqual({ from: '2026-01-01', to: '2026-02-01' });
    expect(periodDayRange({}, { now, timeZone, fallback: 'THIS_MONTH' })).toEqual({
      from: '2026-03-01',
      to: '2026-04-01',
    });
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });

  it('refuses half a range, a range backwards, a preset with dates and a range too long', () => {
    const pathsOf = (query: object, schema = OverviewQuery) =>
      schema.safeParse(query).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(pathsOf({ from: '2026-01-01' })).toEqual(['to: Choose both the first and the last day']);
    expect(pathsOf({ from: '2026-02-01', to: '2026-01-31' })).toEqual([
      'to: The last day is before the first',
    ]);
    expect(pathsOf({ period: 'TODAY', from: '2026-01-01', to: '2026-01-02' })).toEqual([
      'period: Choose a period or dates, not both',
    ]);
    expect(pathsOf({ from: '2025-01-01', to: '2026-01-02' })).toEqual(['from: Choose at most 366 days']);
    expect(pathsOf({ from: '2025-01-01', to: '2026-01-01' })).toBeUndefined();
    expect(pathsOf({ from: '2022-01-01', to: '2026-01-01' }, StatementQuery)).toBeUndefined();
  });
});

describe('creditLimitUsedBasisPoints', () => {
  it('is the balance’s share of the limit, rounded half-up; null without a limit', () => {
    expect(creditLimitUsedBasisPoints({ balanceCents: 50_000, creditLimitCents: 100_000 })).toBe(5_000);
    expect(creditLimitUsedBasisPoints({ balanceCents: 1, creditLimitCents: 20_000 })).toBe(1);
    expect(creditLimitUsedBasisPoints({ balanceCents: 1, creditLimitCents: 20_001 })).toBe(0);
    expect(creditLimitUsedBasisPoints({ balanceCents: 150_000, creditLimitCents: 100_000 })).toBe(15_000);
    expect(creditLimitUsedBasisPoints({ balanceCents: 10, creditLimitCents: null })).toBeNull();
    expect(creditLimitUsedBasisPoints({ balanceCents: 10, creditLimitCents: 0 })).toBeNull();
    expect(isOverCreditLimit({ balanceCents: 10, creditLimitCents: 0 })).toBe(true);
    expect(isOverCreditLimit({ balanceCents: 100, creditLimitCents: 100 })).toBe(false);
    expect(isOverCreditLimit({ balanceCents: 100, creditLimitCents: null })).toBe(false);
  });
});
