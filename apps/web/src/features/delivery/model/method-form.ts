import {
  LAST_MINUTE_OF_DAY,
  MAX_FEE_BANDS,
  MAX_FEE_CENTS,
  MAX_LEAD_DAYS,
  MAX_THRESHOLD_CENTS,
  type ShippingMethod,
} from '@tradeport/contract';
import { centsToDollarsText, type MoneyField, parseDollarsToCents } from '#lib/money-input.ts';

// The delivery method form's values (text as typed: dollars, "14:00") and the contract's input
// made from them. What cannot be read as dollars or a time is said by methodFormErrors, on the
// field, in the person's terms; the contract's own bounds are checked after.

export type FeeMode = 'fixed' | 'bands';
export type Audience = 'all' | 'chosen';
/** One fee band row; `key` keeps React's row identity while rows are added and removed. */
export type BandRow = { key: string; from: string; fee: string };

export type MethodFormValues = {
  name: string;
  kind: ShippingMethod['kind'];
  fee_mode: FeeMode;
  fee: string;
  fee_bands: BandRow[];
  free_above: string;
  minimum_order: string;
  /** ISO weekdays as the checkboxes hold them ("1" = Monday). */
  weekdays: string[];
  lead_days: string | number;
  /** "HH:MM" (24-hour, as a time input gives it) or blank for no cut-off. */
  cut_off: string;
  audience: Audience;
  is_active: boolean;
};

/** Wire names that land on the form's own fields when the server names them. */
export const METHOD_FIELD_ALIASES = {
  fee_cents: 'fee',
  free_above_cents: 'free_above',
  minimum_order_cents: 'minimum_order',
  cut_off_minutes: 'cut_off',
  is_available_to_all: 'audience',
} as const;

let nextBandKey = 0;
export const newBandRow = (from = '', fee = ''): BandRow => ({
  key: `band-${(nextBandKey += 1)}`,
  from,
  fee,
});

export const EMPTY_METHOD_VALUES: MethodFormValues = {
  name: '',
  kind: 'DELIVERY',
  fee_mode: 'fixed',
  fee: '0',
  fee_bands: [],
  free_above: '',
  minimum_order: '',
  weekdays: ['1', '2', '3', '4', '5'],
  lead_days: 1,
  cut_off: '',
  audience: 'all',
  is_active: true,
};

/** 840 → "14:00", the value a time input holds. */
export function minutesToTimeText(minutes: number | null): string {
  if (minutes === null) return '';
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "14:00" → 840; blank → null; anything else → undefined (not a time). */
export function timeTextToMinutes(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(trimmed);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= LAST_MINUTE_OF_DAY ? minutes : undefined;
}

export function methodValuesOf(method: ShippingMethod): MethodFormValues {
  const bands = [...method.fee_bands].sort((a, b) => a.from_subtotal_cents - b.from_subtotal_cents);
  // The form's bands start at $0; a method whose first band starts higher charges its fixed fee
  // below it, which is the same thing as a first band from $0.
  const rows = bands.map((band) =>
    newBandRow(centsToDollarsText(band.from_subtotal_cents), centsToDollarsText(band.fee_cents)),
  );
  if (bands.length > 0 && bands[0]!.from_subtotal_cents > 0) {
    rows.unshift(newBandRow('0', centsToDollarsText(method.fee_cents)));
  }
  return {
    name: method.name,
    kind: method.kind,
    fee_mode: bands.length > 0 ? 'bands' : 'fixed',
    fee: centsToDollarsText(method.fee_cents),
    fee_bands: rows,
    free_above: centsToDollarsText(method.free_above_cents),
    minimum_order: centsToDollarsText(method.minimum_order_cents),
    weekdays: method.weekdays.map(String),
    lead_days: method.lead_days,
    cut_off: minutesToTimeText(method.cut_off_minutes),
    audience: method.is_available_to_all ? 'all' : 'chosen',
    is_active: method.is_active,
  };
}

const FEE_FIELD: MoneyField = { name: 'fee', example: '15 or 12.50' };
const SUBTOTAL_FIELD: MoneyField = { name: 'amount', example: '300 or 150.50' };
const cents = (text: string, field: MoneyField) => {
  const parsed = parseDollarsToCents(text, field);
  return parsed.ok ? parsed.cents : null;
};

/** The contract's input (ShippingMethodInput) from the form; unreadable text becomes null here. */
export function methodInputOf(values: MethodFormValues) {
  const isBands = values.fee_mode === 'bands';
  const leadDays = values.lead_days === '' ? Number.NaN : Number(values.lead_days);
  return {
    name: values.name,
    kind: values.kind,
    fee_cents: isBands ? 0 : (cents(values.fee, FEE_FIELD) ?? 0),
    fee_bands: isBands
      ? values.fee_bands.map((row) => ({
          from_subtotal_cents: cents(row.from, SUBTOTAL_FIELD) ?? 0,
          fee_cents: cents(row.fee, FEE_FIELD) ?? 0,
        }))
      : [],
    free_above_cents: cents(values.free_above, SUBTOTAL_FIELD),
    minimum_order_cents: cents(values.minimum_order, SUBTOTAL_FIELD),
    weekdays: values.weekdays.map(Number),
    lead_days: leadDays,
    cut_off_minutes: timeTextToMinutes(values.cut_off) ?? null,
    is_available_to_all: values.audience === 'all',
    is_active: values.is_active,
  };
}

type Errors = Partial<Record<string, string>>;

function moneyError(
  errors: Errors,
  key: string,
  text: string,
  field: MoneyField,
  max: number,
  required = false,
) {
  const parsed = parseDollarsToCents(text, field);
  if (!parsed.ok) errors[key] = parsed.message;
  else if (parsed.cents === null && required) errors[key] = `Enter the ${field.name}`;
  else if ((parsed.cents ?? 0) > max) errors[key] = `That ${field.name} is too large`;
}

/** What the form says itself, before the contract's checks: dollars, times and bands as typed. */
export function methodFormErrors(values: MethodFormValues): Errors {
  const errors: Errors = {};
  if (values.fee_mode === 'fixed') {
    moneyError(errors, 'fee', values.fee, FEE_FIELD, MAX_FEE_CENTS, true);
  } else {
    if (values.fee_bands.length === 0) errors.fee_bands = 'Add at least one fee band';
    if (values.fee_bands.length > MAX_FEE_BANDS) errors.fee_bands = `At most ${MAX_FEE_BANDS} fee bands`;
    values.fee_bands.forEach((row, index) => {
      moneyError(errors, `fee_bands.${index}.from`, row.from, SUBTOTAL_FIELD, MAX_THRESHOLD_CENTS, true);
      moneyError(errors, `fee_bands.${index}.fee`, row.fee, FEE_FIELD, MAX_FEE_CENTS, true);
    });
    const first = parseDollarsToCents(values.fee_bands[0]?.from ?? '');
    if (values.fee_bands.length > 0 && first.ok && first.cents !== null && first.cents !== 0) {
      errors['fee_bands.0.from'] = 'The first band starts at $0';
    }
  }
  moneyError(errors, 'free_above', values.free_above, SUBTOTAL_FIELD, MAX_THRESHOLD_CENTS);
  moneyError(errors, 'minimum_order', values.minimum_order, SUBTOTAL_FIELD, MAX_THRESHOLD_CENTS);
  const lead = values.lead_days === '' ? Number.NaN : Number(values.lead_days);
  if (!Number.isInteger(lead) || lead < 0 || lead > MAX_LEAD_DAYS) {
    errors.lead_days = `Lead time must be 0 to ${MAX_LEAD_DAYS} days`;
  }
  if (timeTextToMinutes(values.cut_off) === undefined)
    errors.cut_off = 'Enter a time like 14:00, or leave it blank';
  return errors;
}

/** Which customers to assign and unassign to go from `before` to `after`. */
export function customerChanges(before: readonly string[], after: readonly string[]) {
  const had = new Set(before);
  const has = new Set(after);
  return {
    add: after.filter((id) => !had.has(id)),
    remove: before.filter((id) => !has.has(id)),
  };
}
