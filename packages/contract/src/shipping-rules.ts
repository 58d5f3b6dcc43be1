import { formatDollars } from './money.ts';
import { perZone } from './zone-formats.ts';

// A delivery method's rules, as pure functions: the cart, placing an order, the order screen and
// the delivery screen all ask these, so the fee a customer is shown is the fee they are charged
// and the dates offered are the dates the server accepts.

export type ShippingMethodKind = 'DELIVERY' | 'PICK_UP';

/** A fee that applies from an order subtotal (ex GST) upwards; the highest band reached wins. */
export type FeeBand = { from_subtotal_cents: number; fee_cents: number };

/** What decides a method's fee, minimum and dates (the storage's shipping_methods row). */
export type ShippingRules = {
  kind: ShippingMethodKind;
  /** The fee below the lowest band (or always, without bands), ex GST. */
  fee_cents: number;
  fee_bands: FeeBand[];
  /** At or above this subtotal (ex GST) the method is free; null: never free. */
  free_above_cents: number | null;
  /** Below this subtotal (ex GST) the method cannot be used; null: no minimum. */
  minimum_order_cents: number | null;
  /** ISO weekdays it runs on (1 = Monday … 7 = Sunday); empty: every day. */
  weekdays: number[];
  /** Whole days from the order day to the earliest delivery (0: the same day). */
  lead_days: number;
  /** Minutes after midnight (merchant's zone) from which an order counts as the next day's; null: none. */
  cut_off_minutes: number | null;
};

export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The fee for an order of `subtotalCents` (ex GST) by this method, ex GST. */
export function deliveryFeeCents(method: ShippingRules, subtotalCents: number): number {
  if (method.free_above_cents !== null && subtotalCents >= method.free_above_cents) return 0;
  let fee = method.fee_cents;
  let reached = -Infinity;
  // Bands need not arrive sorted: the one with the highest threshold the subtotal reaches wins.
  for (const band of method.fee_bands) {
    if (band.from_subtotal_cents <= subtotalCents && band.from_subtotal_cents > reached) {
      reached = band.from_subtotal_cents;
      fee = band.fee_cents;
    }
  }
  return fee;
}

/** "$1,500.00": the amount as the problem wording shows it, independent of the reader's locale. */
function audText(cents: number): string {
  return `$${formatDollars(cents, { grouping: true })}`;
}

/**
 * Why an order of `subtotalCents` (ex GST) cannot use this method, in words for the customer, or
 * null when it can. The method's name makes the sentence when given.
 */
export function deliveryMethodProblem(
  method: ShippingRules & { name?: string },
  subtotalCents: number,
): string | null {
  if (method.minimum_order_cents !== null && subtotalCents < method.minimum_order_cents) {
    const by = method.name ? method.name : 'this method';
    return `Orders by ${by} need at least ${audText(method.minimum_order_cents)} before delivery (ex GST)`;
  }
  return null;
}

const clockIn = perZone(
  (timeZone) =>
    new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }),
);

/** The calendar date and minute of the day that `now` is in `timeZone`. */
function localNow(now: Date, timeZone: string): { dayNumber: number; minuteOfDay: number } {
  const clock = clockIn(timeZone);
  const parts: Record<string, number> = {};
  for (const part of clock.formatToParts(now)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    // Days since 1970-01-01 of the local calendar date: counting in whole calendar days, never in
    // elapsed hours, is what keeps a 23- or 25-hour day at a DST change from skipping or repeating.
    dayNumber: Date.UTC(parts.year!, parts.month! - 1, parts.day!) / 86_400_000,
    minuteOfDay: (parts.hour! % 24) * 60 + parts.minute!,
  };
}

function isoWeekday(dayNumber: number): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

function isoDate(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first `count` dates (YYYY-MM-DD) this method delivers on for an order made at `now`, from
 * the earliest: `lead_days` after today in the merchant's `timeZone`, one day more when the order
 * comes at or after the cut-off, then forward to the next day the method runs.
 */
export function deliveryDates(options: {
  method: ShippingRules;
  now: Date;
  timeZone: string;
  count: number;
}): string[] {
  const { method, now, timeZone, count } = options;
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a whole number ≥ 0');
  if (!Number.isInteger(method.lead_days) || method.lead_days < 0) {
    throw new RangeError('lead_days must be a whole number ≥ 0');
  }
  // A weekday outside 1–7 would never match, and the search below would never end.
  if (method.weekdays.some((day) => !Number.isInteger(day) || day < 1 || day > 7)) {
    throw new RangeError('weekdays must be ISO weekdays 1–7');
  }
  const allowed = new Set(method.weekdays);
  const runsOn = (dayNumber: number) => allowed.size === 0 || allowed.has(isoWeekday(dayNumber));
  const { dayNumber: today, minuteOfDay } = localNow(now, timeZone);
  const isAfterCutOff = method.cut_off_minutes !== null && minuteOfDay >= method.cut_off_minutes;
  let day = today + method.lead_days + (isAfterCutOff ? 1 : 0);
  const dates: string[] = [];
  while (dates.length < count) {
    if (runsOn(day)) dates.push(isoDate(day));
    day += 1;
  }
  return dates;
}
