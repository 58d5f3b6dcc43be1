import { OverviewQuery, StatementQuery } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { CUSTOM, periodChoiceOf, periodErrors, periodFromSearch, periodLabel, withPeriod } from './period.ts';

describe('periods in the address', () => {
  it('reads a preset, else two days, else the fallback; junk is dropped', () => {
    const read = (query: string) => periodFromSearch(new URLSearchParams(query), 'LAST_30_DAYS');
    expect(read('period=LAST_MONTH')).toEqual({ pick: 'LAST_MONTH', from: '', to: '' });
    expect(read('from=2025-03-01&to=2025-03-31')).toEqual({
      pick: CUSTOM,
      from: '2025-03-01',
      to: '2025-03-31',
    });
    expect(read('from=2025-03-01&to=31/03/2025')).toEqual({ pick: CUSTOM, from: '2025-03-01', to: '' });
    expect(read('period=FOREVER')).toEqual({ pick: 'LAST_30_DAYS', from: '', to: '' });
    expect(read('')).toEqual({ pick: 'LAST_30_DAYS', from: '', to: '' });
  });

  it('writes a preset or the days, keeping the rest of the address', () => {
    const start = new URLSearchParams('period=LAST_7_DAYS&merchant=abc');
    expect(withPeriod(start, { pick: CUSTOM, from: '2025-03-01', to: '2025-03-02' }).toString()).toBe(
      'merchant=abc&from=2025-03-01&to=2025-03-02',
    );
    expect(
      withPeriod(new URLSearchParams('from=2025-03-01&to=2025-03-02'), {
        pick: 'THIS_YEAR',
        from: '',
        to: '',
      }).toString(),
    ).toBe('period=THIS_YEAR');
  });

  it('asks the API for the preset, or only the days typed', () => {
    expect(periodChoiceOf({ pick: 'TODAY', from: '2025-01-01', to: '' })).toEqual({ period: 'TODAY' });
    expect(periodChoiceOf({ pick: CUSTOM, from: '2025-01-01', to: '' })).toEqual({ from: '2025-01-01' });
  });
});

describe('periodErrors', () => {
  it('accepts a preset and a period of the schema’s length', () => {
    expect(periodErrors({ pick: 'LAST_MONTH', from: '', to: '' }, OverviewQuery)).toEqual({});
    expect(periodErrors({ pick: CUSTOM, from: '2024-03-01', to: '2025-03-01' }, OverviewQuery)).toEqual({});
  });

  it('refuses what the contract refuses, in its words, on the field at fault', () => {
    expect(periodErrors({ pick: CUSTOM, from: '2025-03-10', to: '2025-03-01' }, OverviewQuery)).toEqual({
      to: 'The last day is before the first',
    });
    expect(periodErrors({ pick: CUSTOM, from: '2025-03-10', to: '' }, OverviewQuery)).toEqual({
      to: 'Choose both the first and the last day',
    });
    // 367 days: more than the overview's year, well within a statement's five.
    const long = { pick: CUSTOM, from: '2024-03-01', to: '2025-03-02' } as const;
    expect(periodErrors(long, OverviewQuery)).toEqual({ from: 'Choose at most 366 days' });
    expect(periodErrors(long, StatementQuery)).toEqual({});
  });

  it('refuses custom dates left blank, which the API would read as its default period', () => {
    expect(periodErrors({ pick: CUSTOM, from: '', to: '' }, StatementQuery)).toEqual({
      from: 'Choose the first day',
      to: 'Choose the last day',
    });
  });
});

describe('periodLabel', () => {
  it('writes the days en-AU, one day once', () => {
    expect(periodLabel({ from: '2025-03-01', to: '2025-03-31' })).toBe('01/03/2025 – 31/03/2025');
    expect(periodLabel({ from: '2025-03-04', to: '2025-03-04' })).toBe('04/03/2025');
  });
});
