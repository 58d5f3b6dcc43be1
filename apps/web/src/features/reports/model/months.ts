import { DATE_LOCALE } from '@tradeport/contract';

// A month as "2026-03" is a calendar month, not an instant: read in UTC so no zone moves it.
const monthFormat = new Intl.DateTimeFormat(DATE_LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-03" → "March 2026". */
export function monthName(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** Whether a month's days in a report are the whole month (not clipped by the period's ends). */
export function isWholeMonth(month: string, days: { from: string; to: string }): boolean {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  // Day 0 of the next month is this month's last day.
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  return days.from === `${month}-01` && days.to === lastDay;
}
