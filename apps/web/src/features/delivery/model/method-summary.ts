import type { ShippingMethod } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';

// How the delivery screen words a method's rules in its table: short, and the same words the
// form uses, so what is typed is what is read back.

export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WEEKDAY_FULL_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

const dayName = (isoDay: number) => WEEKDAY_NAMES[isoDay - 1] ?? '?';

/** [1,2,3,4,5] → "Mon–Fri"; [1,3,5] → "Mon, Wed, Fri"; [] or all seven → "Every day". */
export function weekdaysSummary(weekdays: readonly number[]): string {
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  if (days.length === 0 || days.length === 7) return 'Every day';
  // Runs of three or more days in a row read as a range.
  const parts: string[] = [];
  let start = 0;
  for (let index = 1; index <= days.length; index += 1) {
    if (index < days.length && days[index] === days[index - 1]! + 1) continue;
    const run = days.slice(start, index);
    if (run.length >= 3) parts.push(`${dayName(run[0]!)}–${dayName(run.at(-1)!)}`);
    else parts.push(...run.map(dayName));
    start = index;
  }
  return parts.join(', ');
}

/** 840 → "2:00 pm", 0 → "12:00 am": a time of day as people in Australia write it. */
export function minutesToClock(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const mins = String(minutes % 60).padStart(2, '0');
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${mins} ${hours < 12 ? 'am' : 'pm'}`;
}

export function leadDaysSummary(leadDays: number): string {
  if (leadDays === 0) return 'Same day';
  return leadDays === 1 ? '1 day ahead' : `${leadDays} days ahead`;
}

/** The fee in a line: "$15.00", "Free", or the bands; and where it becomes free. */
export function feeSummary(
  method: Pick<ShippingMethod, 'fee_cents' | 'fee_bands' | 'free_above_cents'>,
): string {
  const bands = [...method.fee_bands].sort((a, b) => a.from_subtotal_cents - b.from_subtotal_cents);
  const parts: string[] = [];
  if (bands.length === 0) {
    parts.push(method.fee_cents === 0 ? 'Free' : formatMoney(method.fee_cents));
  } else {
    if (bands[0]!.from_subtotal_cents > 0) {
      parts.push(`${formatMoney(method.fee_cents)} under ${formatMoney(bands[0]!.from_subtotal_cents)}`);
    }
    for (const band of bands) {
      parts.push(`${formatMoney(band.fee_cents)} from ${formatMoney(band.from_subtotal_cents)}`);
    }
  }
  if (method.free_above_cents !== null) parts.push(`free from ${formatMoney(method.free_above_cents)}`);
  return parts.join('; ');
}

export function offeredToSummary(method: Pick<ShippingMethod, 'is_available_to_all' | 'customer_count'>) {
  if (method.is_available_to_all) return 'Every customer';
  if (method.customer_count === 0) return 'No customers yet';
  return method.customer_count === 1 ? '1 chosen customer' : `${method.customer_count} chosen customers`;
}
