import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, presetDayRange } from './date-presets.ts';
import { REPORT_DATE_PRESETS } from './enums.ts';

const SYDNEY = 'Australia/Sydney';
// Wednesday 15 January 2025, 10:30 in Sydney (AEDT, UTC+11) — still Tuesday 14th in UTC.
const wednesday = new Date('2025-01-14T23:30:00Z');

describe('presetDayRange', () => {
  it('reads today in the zone given, not in UTC', () => {
    expect(dateInZone(wednesday, SYDNEY)).toBe('2025-01-15');
    expect(dateInZone(wednesday, 'UTC')).toBe('2025-01-14');
    expect(presetDayRange('TODAY', { now: wednesday, timeZone: SYDNEY })).toEqual({
      from: '2025-01-15',
      to: '2025-01-16',
    });
    expect(presetDayRange('TODAY', { now: wednesday, timeZone: 'UTC' })).toEqual({
      from: '2025-01-14',
      to: '2025-01-15',
    });
  });

  it('covers every preset as half-open day ranges, weeks from Monday', () => {
    const ranges = Object.fromEntries(
      REPORT_DATE_PRESETS.map((preset) => [
        preset,
        presetDayRange(preset, { now: wednesday, timeZone: SYDNEY }),
      ]),
    );
    expect(ranges).toEqual({
      TODAY: { from: '2025-01-15', to: '2025-01-16' },
      YESTERDAY: { from: '2025-01-14', to: '2025-01-15' },
      LAST_7_DAYS: { from: '2025-01-09', to: '2025-01-16' },
      LAST_14_DAYS: { from: '2025-01-02', to: '2025-01-16' },
      LAST_30_DAYS: { from: '2024-12-17', to: '2025-01-16' },
      LAST_90_DAYS: { from: '2024-10-18', to: '2025-01-16' },
      THIS_WEEK: { from: '2025-01-13', to: '2025-01-20' },
      LAST_WEEK: { from: '2025-01-06', to: '2025-01-13' },
      THIS_MONTH: { from: '2025-01-01', to: '2025-02-01' },
      LAST_MONTH: { from: '2024-12-01', to: '2025-01-01' },
      THIS_YEAR: { from: '2025-01-01', to: '2026-01-01' },
      LAST_YEAR: { from: '2024-01-01', to: '2025-01-01' },
    });
  });

  it('takes a Sunday as the last day of its week, and a Monday as the first', () => {
    const sunday = new Date('2025-01-19T02:00:00Z'); // 13:00 Sunday in Sydney
    const monday = new Date('2025-01-19T14:00:00Z'); // 01:00 Monday in Sydney
    expect(presetDayRange('THIS_WEEK', { now: sunday, timeZone: SYDNEY })).toEqual({
      from: '2025-01-13',
      to: '2025-01-20',
    });
    expect(presetDayRange('THIS_WEEK', { now: monday, timeZone: SYDNEY })).toEqual({
      from: '2025-01-20',
      to: '2025-01-27',
    });
    expect(presetDayRange('LAST_WEEK', { now: monday, timeZone: SYDNEY })).toEqual({
      from: '2025-01-13',
      to: '2025-01-20',
    });
  });

  it('counts days across a daylight-saving change and a leap day as whole days', () => {
    // Sydney leaves daylight saving on 6 April 2025; 2024 had 29 February.
    const afterDst = new Date('2025-04-07T01:00:00Z');
    expect(presetDayRange('LAST_7_DAYS', { now: afterDst, timeZone: SYDNEY })).toEqual({
      from: '2025-04-01',
      to: '2025-04-08',
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(presetDayRange('LAST_MONTH', { now: new Date('2024-03-10T00:00:00Z'), timeZone: SYDNEY })).toEqual(
      {
        from: '2024-02-01',
        to: '2024-03-01',
      },
    );
  });
});
