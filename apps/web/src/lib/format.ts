import { DATE_LOCALE, dateInZone, DEFAULT_CURRENCY, formatDollars } from '@tradeport/contract';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateOptions: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const localDateFormat = new Intl.DateTimeFormat(DATE_LOCALE, dateOptions);
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * dd/mm/yyyy (SPEC §9: en-AU). Instants show in the viewer's time zone unless one is given;
 * a plain "yyyy-mm-dd" is a calendar date and is never shifted by a time zone.
 */
export function formatDate(value: string | number | Date, options: { timeZone?: string } = {}): string {
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const format = options.timeZone
    ? new Intl.DateTimeFormat(DATE_LOCALE, { ...dateOptions, timeZone: options.timeZone })
    : localDateFormat;
  return format.format(date);
}

/** Money is integer cents (DESIGN §4); shown in en-AU with the currency's symbol, AUD by default. */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  // The contract writes the exact decimal; Intl only adds the symbol, sign and grouping. It reads
  // a decimal string as written, so no float stands between the cents and what is shown.
  return format.format(formatDollars(cents) as `${number}`);
}
/** "1 invoice", "3 invoices": a count with its noun. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-AU')} ${count === 1 ? singular : plural}`;
}

/** Today's date (YYYY-MM-DD) in the browser's time zone: the viewer's calendar. */
export function todayInBrowser(): string {
  return dateInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
}
