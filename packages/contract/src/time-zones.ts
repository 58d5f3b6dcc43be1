import { z } from 'zod';

// A merchant's day (delivery cut-offs, date filters, reports) is its own time zone's, named as
// the IANA database names it. The list is the runtime's own (Intl), so the server and the
// browser accept and offer the same names without a copy of the database kept here.

let zones: ReadonlySet<string> | undefined;

/** Every IANA zone name the runtime knows, plus UTC (which Intl's list leaves out), sorted. */
export function timeZoneNames(): readonly string[] {
  return [...timeZoneSet()].sort();
}

function timeZoneSet(): ReadonlySet<string> {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return zones;
}

/** True for a zone name of the list; offsets ("+10:00") and abbreviations ("AEST") are not zones. */
export function isTimeZoneName(value: string): boolean {
  return timeZoneSet().has(value);
}

export const TimeZone = z
  .string('Choose a time zone')
  .trim()
  .max(64)
  .refine(isTimeZoneName, 'Choose a time zone from the list, such as Australia/Sydney');
