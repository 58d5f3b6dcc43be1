import { DATE_LOCALE, periodLengthDays } from '@tradeport/contract';
import { formatDate } from '#lib/format.ts';

/** An amount of one day (YYYY-MM-DD), as the API answers a period day by day. */
export type DatedAmount = { date: string; cents: number };

export type TimeBuckets = { unit: 'day' | 'month'; buckets: { label: string; cents: number }[] };

/**
 * Past about a quarter a day's point is too thin to read (a year is 365 of them), so longer
 * periods are drawn a month at a time.
 */
export const MAX_DAYS_BY_DAY = 92;

// The date is a calendar date, not an instant: read in UTC so no zone moves it into another month.
const monthFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-03" → "Mar 2026". */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** Whether a chart of the period draws each day or each month. */
export function bucketUnitOf(period: { from: string; to: string }): TimeBuckets['unit'] {
  return periodLengthDays(period.from, period.to) <= MAX_DAYS_BY_DAY ? 'day' : 'month';
}

/**
 * What a chart of money over time draws for a period: each day ("02/03"), or for a period longer
 * than MAX_DAYS_BY_DAY each month it touches ("Mar 2026"), summed.
 */
export function timeBuckets(
  points: readonly DatedAmount[],
  period: { from: string; to: string },
): TimeBuckets {
  if (bucketUnitOf(period) === 'day') {
    return {
      unit: 'day',
      buckets: points.map((point) => ({ label: formatDate(point.date).slice(0, 5), cents: point.cents })),
    };
  }
  const byMonth = new Map<string, number>();
  for (const point of [...points].sort((a, b) => a.date.localeCompare(b.date))) {
    const month = point.date.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + point.cents);
  }
  return {
    unit: 'month',
    buckets: [...byMonth].map(([month, cents]) => ({ label: monthLabel(month), cents })),
  };
}
