import type { ReportDatePreset } from './enums.ts';
import { perZone } from './zone-formats.ts';

// SPEC §3's report date presets as days of one time zone (the merchant's): order lists filter by
// them, reports (issue 12) total by them. One function, so "last week" is the same week everywhere.

/** A half-open range of calendar days, [from, to): ISO dates (YYYY-MM-DD) in the zone given. */
export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;

// en-CA writes dates as YYYY-MM-DD.
const calendarIn = perZone(
  (timeZone) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** The calendar date (YYYY-MM-DD) it is at `now` in an IANA time zone. */
export function dateInZone(now: Date, timeZone: string): string {
  return calendarIn(timeZone).format(now);
}

/** Calendar-day arithmetic on ISO dates, through UTC midnights, so no zone's DST moves a day. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function parts(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The days a preset covers, as of `now` in `timeZone`. "Last N days" are the N days ending today
 * (today included); weeks start on Monday; "this" week, month and year run to their end, so a
 * range never depends on the hour it is asked at.
 */
export function presetDayRange(preset: ReportDatePreset, options: { now: Date; timeZone: string }): DayRange {
  const today = dateInZone(options.now, options.timeZone);
  const { year, month } = parts(today);
  const lastDays = (count: number) => ({ from: addDays(today, 1 - count), to: addDays(today, 1) });
  const monday = addDays(today, 1 - isoWeekday(today));
  switch (preset) {
    case 'TODAY':
      return { from: today, to: addDays(today, 1) };
    case 'YESTERDAY':
      return { from: addDays(today, -1), to: today };
    case 'LAST_7_DAYS':
      return lastDays(7);
    case 'LAST_14_DAYS':
      return lastDays(14);
    case 'LAST_30_DAYS':
      return lastDays(30);
    case 'LAST_90_DAYS':
      return lastDays(90);
    case 'THIS_WEEK':
      return { from: monday, to: addDays(monday, 7) };
    case 'LAST_WEEK':
      return { from: addDays(monday, -7), to: monday };
    case 'THIS_MONTH':
      return { from: iso(year, month, 1), to: iso(year, month + 1, 1) };
    case 'LAST_MONTH':
      return { from: iso(year, month - 1, 1), to: iso(year, month, 1) };
    case 'THIS_YEAR':
      return { from: iso(year, 1, 1), to: iso(year + 1, 1, 1) };
    case 'LAST_YEAR':
      return { from: iso(year - 1, 1, 1), to: iso(year, 1, 1) };
  }
}
