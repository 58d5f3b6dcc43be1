import { DATE_LOCALE, formatDollars } from '@tradeport/contract';

// How documents and mails write money, dates and quantities: en-AU, AUD (SPEC §9).

/** `$1,234.56`, from integer cents. */
export function money(cents: number): string {
  return `${cents < 0 ? '-' : ''}$${formatDollars(Math.abs(cents), { grouping: true })}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (`2026-11-24`) as `24/11/2026`, never shifted by a time zone. */
export function calendarDate(value: string): string {
  const match = DATE_ONLY.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

// Making an Intl formatter costs far more than using one; a PDF of 1,000 invoices uses a few.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const percentFormat = new Intl.NumberFormat(DATE_LOCALE, { maximumFractionDigits: 2 });

/** The day an instant falls on in the merchant's time zone, as `24/11/2026`. */
export function dayIn(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone,
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** `12 ea`, `3 Carton`, or the bare number for a product without a unit. */
export function quantityWithUnit(line: {
  quantity: number;
  unitAbbreviation: string | null;
  unitName: string | null;
}): string {
  const unit = line.unitAbbreviation ?? line.unitName;
  return unit ? `${line.quantity} ${unit}` : String(line.quantity);
}

/** A GST rate in basis points as a percentage: `10%`, `2.5%`. */
export function gstRate(basisPoints: number): string {
  return `${percentFormat.format(basisPoints / 100)}%`;
}

/** The merchant's postal address as lines, leaving out what is not set. */
export function addressLines(address: {
  addressLine1: string | null;
  addressLine2: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
}): string[] {
  const locality = [address.suburb, address.state, address.postcode].filter(Boolean).join(' ');
  return [address.addressLine1, address.addressLine2, locality].filter((line): line is string => !!line);
}
