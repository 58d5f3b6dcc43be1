/** The calendar date (YYYY-MM-DD) it is at `instant` in an IANA time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A calendar date `days` later (calendar arithmetic: no time zone or daylight saving involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** When an order placed at `placedAt` falls due: its terms in days from the placing date in the merchant's zone. */
export const dueDate = (options: { placedAt: Date; timeZone: string; paymentTermsDays: number }) =>
  addDays(dateInZone(options.placedAt, options.timeZone), options.paymentTermsDays);
