import { type SQL, sql } from 'drizzle-orm';

/**
 * The first instant of a calendar day (YYYY-MM-DD, or an SQL date expression) in an IANA time
 * zone: where the merchant's day begins, for comparing instants (placed_at, paid_at…) with days.
 * Daylight saving moves it; `date::timestamp at time zone` follows it.
 */
export const startOfDayIn = (day: string | SQL, timeZone: string): SQL =>
  sql`(${day}::date::timestamp at time zone ${timeZone})`;
