// Calendar arithmetic for the reports. A range of days cut into whole years, whole months and
// the days left over, so a report reads a product's sales from the rollup rows that cover the
// most days each (schema/sales-rollups.ts): LAST_YEAR is one year's rows, LAST_90_DAYS two
// months' and up to 60 days', never a row per day of a long range.

export type CalendarPieces = {
  /** First days (YYYY-01-01) of the whole years inside the range. */
  years: string[];
  /** First days (YYYY-MM-01) of the whole months inside the range, outside those years. */
  months: string[];
  /** The rest: at most one run of days before the first whole month and one after the last. */
  days: { from: string; to: string }[];
};

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

function parts(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const nextYear = (date: string) => iso(parts(date).year + 1, 1, 1);
const nextMonth = (date: string) => iso(parts(date).year, parts(date).month + 1, 1);

/** [from, to) (ISO dates, `to` excluded) as whole years, whole months and days. */
export function calendarPieces(range: { from: string; to: string }): CalendarPieces {
  const pieces: CalendarPieces = { years: [], months: [], days: [] };
  let day = range.from;
  while (day < range.to) {
    const { month, day: dayOfMonth } = parts(day);
    if (month === 1 && dayOfMonth === 1 && nextYear(day) <= range.to) {
      pieces.years.push(day);
      day = nextYear(day);
    } else if (dayOfMonth === 1 && nextMonth(day) <= range.to) {
      pieces.months.push(day);
      day = nextMonth(day);
    } else {
      const end = nextMonth(day) < range.to ? nextMonth(day) : range.to;
      const last = pieces.days.at(-1);
      if (last && last.to === day) last.to = end;
      else pieces.days.push({ from: day, to: end });
      day = end;
    }
  }
  return pieces;
}

/** The calendar months a range touches, each clipped to the range: the GST report's rows. */
export function monthsOf(range: { from: string; to: string }): { from: string; to: string }[] {
  const months: { from: string; to: string }[] = [];
  for (let from = range.from; from < range.to;) {
    const to = nextMonth(from) < range.to ? nextMonth(from) : range.to;
    months.push({ from, to });
    from = to;
  }
  return months;
}
