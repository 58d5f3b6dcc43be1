import { describe, expect, it } from 'vitest';
import { describeEvent, eventSentence } from './order-history.ts';
import { reachableStatuses } from './order-labels.ts';

const at = '2025-03-04T01:30:00.000Z';

describe('eventSentence', () => {
  it('says who did what, in words, from each kind of event', () => {
    const sentence = (kind: Parameters<typeof describeEvent>[0]['kind'], details: Record<string, unknown>) =>
      eventSentence({ kind, at, user_name: 'Mia Chen', details });
    expect(sentence('PLACED', { is_placed_by_merchant: true })).toBe(
      'Mia Chen placed the order on the customer’s behalf',
    );
    expect(sentence('STATUS_CHANGED', { from: 'PROCESSING', to: 'ON_HOLD' })).toBe(
      'Mia Chen moved it from processing to on hold',
    );
    expect(sentence('LINE_ADDED', { name: 'Oat Milk 1L', sku: 'OAT-1L', quantity: 6 })).toBe(
      'Mia Chen added 6 × Oat Milk 1L (OAT-1L)',
    );
    expect(
      sentence('LINE_CHANGED', { name: 'Oat Milk 1L', sku: 'OAT-1L', quantity: { from: 6, to: 12 } }),
    ).toBe('Mia Chen changed the quantity of Oat Milk 1L (OAT-1L) from 6 to 12');
    expect(
      sentence('DETAILS_CHANGED', { shipping_method: { from: 'Weekday delivery', to: 'Pick-up' } }),
    ).toBe('Mia Chen changed the delivery method from “Weekday delivery” to “Pick-up”');
    expect(sentence('LINE_REMOVED', { name: 'Oat Milk 1L' })).toBe('Mia Chen removed Oat Milk 1L');
    expect(sentence('DETAILS_CHANGED', { delivery_date: { from: '2025-03-06', to: null } })).toBe(
      'Mia Chen changed the delivery date from 06/03/2025 to nothing',
    );
    expect(sentence('DELIVERY_FEE_CHANGED', { from: 1000, to: 0 })).toBe(
      'Mia Chen changed the delivery fee from $10.00 to $0.00',
    );
  });

  it('leaves out what the server did not send rather than guessing', () => {
    expect(describeEvent({ kind: 'STATUS_CHANGED', at, user_name: null, details: { to: 'SHIPPED' } })).toBe(
      'moved it to shipped',
    );
    expect(describeEvent({ kind: 'STATUS_CHANGED', at, user_name: null, details: { to: 'NOPE' } })).toBe(
      'changed its status',
    );
    expect(eventSentence({ kind: 'DETAILS_CHANGED', at, user_name: null, details: {} })).toBe(
      'Tradeport changed the order’s details',
    );
  });
});

describe('reachableStatuses', () => {
  it('offers the statuses some chosen order can move to, in the machine’s order', () => {
    expect(reachableStatuses(['SHIPPED', 'ON_HOLD'])).toEqual(['PROCESSING', 'COMPLETED', 'CANCELLED']);
    expect(reachableStatuses(['COMPLETED', 'CANCELLED'])).toEqual([]);
  });
});
