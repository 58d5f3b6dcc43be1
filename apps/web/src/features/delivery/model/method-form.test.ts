import { ShippingMethodInput, type ShippingMethod } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import {
  customerChanges,
  EMPTY_METHOD_VALUES,
  type MethodFormValues,
  methodFormErrors,
  methodInputOf,
  methodValuesOf,
  newBandRow,
  timeTextToMinutes,
} from './method-form.ts';

const stored: ShippingMethod = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Weekday delivery',
  kind: 'DELIVERY',
  fee_cents: 1500,
  fee_bands: [],
  free_above_cents: 30000,
  minimum_order_cents: 10000,
  weekdays: [1, 2, 3, 4, 5],
  lead_days: 1,
  cut_off_minutes: 840,
  is_available_to_all: false,
  is_active: true,
  customer_count: 2,
  version: 3,
  created_at: '2026-11-01T00:00:00.000Z',
};

const values = (overrides: Partial<MethodFormValues>): MethodFormValues => ({
  ...EMPTY_METHOD_VALUES,
  name: 'Run',
  ...overrides,
});

describe('the delivery method form', () => {
  it('reads a stored method back into the same input', () => {
    const formValues = methodValuesOf(stored);
    expect(formValues).toMatchObject({
      fee: '15',
      free_above: '300',
      minimum_order: '100',
      weekdays: ['1', '2', '3', '4', '5'],
      cut_off: '14:00',
      audience: 'chosen',
    });
    expect(ShippingMethodInput.parse(methodInputOf(formValues))).toEqual({
      name: 'Weekday delivery',
      kind: 'DELIVERY',
      fee_cents: 1500,
      fee_bands: [],
      free_above_cents: 30000,
      minimum_order_cents: 10000,
      weekdays: [1, 2, 3, 4, 5],
      lead_days: 1,
      cut_off_minutes: 840,
      is_available_to_all: false,
      is_active: true,
    });
  });

  it('sends bands in cents with no fixed fee, and starts a stored first band above $0 with the fixed fee', () => {
    const banded = methodValuesOf({
      ...stored,
      fee_cents: 2500,
      fee_bands: [{ from_subtotal_cents: 10000, fee_cents: 1000 }],
    });
    expect(banded.fee_mode).toBe('bands');
    expect(banded.fee_bands.map(({ from, fee }) => [from, fee])).toEqual([
      ['0', '25'],
      ['100', '10'],
    ]);
    expect(methodInputOf(banded)).toMatchObject({
      fee_cents: 0,
      fee_bands: [
        { from_subtotal_cents: 0, fee_cents: 2500 },
        { from_subtotal_cents: 10000, fee_cents: 1000 },
      ],
    });
  });

  it('reads blanks as none: no free-above, no minimum, no cut-off', () => {
    expect(methodInputOf(values({ free_above: '', minimum_order: ' ', cut_off: '' }))).toMatchObject({
      free_above_cents: null,
      minimum_order_cents: null,
      cut_off_minutes: null,
    });
  });

  it('says what cannot be read, on the field, in dollars and times', () => {
    const errors = methodFormErrors(
      values({
        fee: 'ten',
        free_above: '-5',
        minimum_order: '2000000',
        lead_days: 31,
        cut_off: '25:00',
      }),
    );
    expect(errors).toEqual({
      fee: 'Enter the fee in dollars, like 15 or 12.50',
      free_above: 'The amount cannot be negative',
      minimum_order: 'That amount is too large',
      lead_days: 'Lead time must be 0 to 30 days',
      cut_off: 'Enter a time like 14:00, or leave it blank',
    });
    expect(methodFormErrors(values({ fee: '' }))).toEqual({ fee: 'Enter the fee' });
    expect(methodFormErrors(values({}))).toEqual({});
  });

  it('checks each band, needs one, and starts the first at $0', () => {
    expect(methodFormErrors(values({ fee_mode: 'bands', fee_bands: [] }))).toEqual({
      fee_bands: 'Add at least one fee band',
    });
    const errors = methodFormErrors(
      values({ fee_mode: 'bands', fee_bands: [newBandRow('50', '10'), newBandRow('', 'x')] }),
    );
    expect(errors).toEqual({
      'fee_bands.0.from': 'The first band starts at $0',
      'fee_bands.1.from': 'Enter the amount',
      'fee_bands.1.fee': 'Enter the fee in dollars, like 15 or 12.50',
    });
  });

  it('reads a time input’s value as minutes after midnight', () => {
    expect(timeTextToMinutes('14:00')).toBe(840);
    expect(timeTextToMinutes('00:00')).toBe(0);
    expect(timeTextToMinutes('23:59:00')).toBe(1439);
    expect(timeTextToMinutes('')).toBeNull();
    expect(timeTextToMinutes('24:00')).toBeUndefined();
    expect(timeTextToMinutes('9:75')).toBeUndefined();
  });

  it('assigns the newly chosen customers and unassigns those taken off', () => {
    expect(customerChanges(['a', 'b'], ['b', 'c'])).toEqual({ add: ['c'], remove: ['a'] });
    expect(customerChanges([], [])).toEqual({ add: [], remove: [] });
  });
});
