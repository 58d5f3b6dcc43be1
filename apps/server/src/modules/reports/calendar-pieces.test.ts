import { describe, expect, it } from 'vitest';
import { calendarPieces, monthsOf } from './calendar-pieces.ts';

describe('calendarPieces', () => {
  it('reads a calendar year as its year, and a month as its month', () => {
    expect(calendarPieces({ from: '2025-01-01', to: '2026-01-01' })).toEqual({
      years: ['2025-01-01'],
      months: [],
      days: [],
    });
    expect(calendarPieces({ from: '2026-02-01', to: '2026-03-01' })).toEqual({
      years: [],
      months: ['2026-02-01'],
      days: [],
    });
  });

  it('cuts a range into the days before its first whole month, whole months and the days after', () => {
    expect(calendarPieces({ from: '2025-12-15', to: '2026-03-10' })).toEqual({
      years: [],
      months: ['2026-01-01', '2026-02-01'],
      days: [
        { from: '2025-12-15', to: '2026-01-01' },
        { from: '2026-03-01', to: '2026-03-10' },
      ],
    });
  });

  it('keeps days within one month as one run, and whole years before months', () => {
    expect(calendarPieces({ from: '2026-03-25', to: '2026-04-01' })).toEqual({
      years: [],
      months: [],
      days: [{ from: '2026-03-25', to: '2026-04-01' }],
    });
    expect(calendarPieces({ from: '2024-11-01', to: '2026-02-03' })).toEqual({
      years: ['2025-01-01'],
      months: ['2024-11-01', '2024-12-01', '2026-01-01'],
      days: [{ from: '2026-02-01', to: '2026-02-03' }],
    });
  });

  it('covers every day of the range once', () => {
    const range = { from: '2023-07-19', to: '2026-05-02' };
    const { years, months, days } = calendarPieces(range);
    const covered = new Set<string>();
    const add = (from: string, to: string) => {
      for (
        let day = new Date(`${from}T00:00:00Z`);
        day < new Date(`${to}T00:00:00Z`);
        day.setUTCDate(day.getUTCDate() + 1)
      ) {
        const iso = day.toISOString().slice(0, 10);
        expect(covered.has(iso), iso).toBe(false);
        covered.add(iso);
      }
    };
    for (const year of years) add(year, `${Number(year.slice(0, 4)) + 1}-01-01`);
    for (const month of months) add(month, monthsOf({ from: month, to: '2100-01-01' })[0]!.to);
    for (const run of days) add(run.from, run.to);
    expect(covered.size).toBe((Date.parse('2026-05-02') - Date.parse('2023-07-19')) / 86_400_000);
  });
});

describe('monthsOf', () => {
  it('clips the first and last months to the range', () => {
    expect(monthsOf({ from: '2026-01-20', to: '2026-03-05' })).toEqual([
      { from: '2026-01-20', to: '2026-02-01' },
      { from: '2026-02-01', to: '2026-03-01' },
      { from: '2026-03-01', to: '2026-03-05' },
    ]);
  });
});
