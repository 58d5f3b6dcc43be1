import { describe, expect, it } from 'vitest';
import {
  allocateOldestFirst,
  allocatedTotal,
  allocationProblems,
  allocationsOf,
  type OwingOrder,
} from './allocation.ts';

const A = 'order-a';
const B = 'order-b';
const C = 'order-c';
const orders: OwingOrder[] = [
  { id: A, number: 1001, outstanding_cents: 10_000 },
  { id: B, number: 1002, outstanding_cents: 5_050 },
  { id: C, number: 1003, outstanding_cents: 2_000 },
];

describe('allocating a payment across orders', () => {
  it('pays the oldest first, each up to what it owes, and leaves the rest unallocated', () => {
    expect(allocateOldestFirst({ amountCents: 12_525, orders })).toEqual({
      [A]: '100.00',
      [B]: '25.25',
      [C]: '',
    });
    expect(allocateOldestFirst({ amountCents: 50_000, orders })).toEqual({
      [A]: '100.00',
      [B]: '50.50',
      [C]: '20.00',
    });
    expect(allocateOldestFirst({ amountCents: 0, orders })).toEqual({ [A]: '', [B]: '', [C]: '' });
  });

  it('pays the order it was opened for first', () => {
    expect(allocateOldestFirst({ amountCents: 6_000, orders, firstOrderId: C })).toEqual({
      [A]: '40.00',
      [B]: '',
      [C]: '20.00',
    });
  });

  it('sends the typed amounts in the orders’ order, leaving out blank and zero ones', () => {
    const text = { [A]: '', [B]: '$1,000.5', [C]: '0' };
    expect(allocationsOf(orders, text)).toEqual([{ order_id: B, amount_cents: 100_050 }]);
    expect(allocatedTotal(orders, { [A]: '10', [B]: 'abc', [C]: '2.5' })).toBe(1_250);
  });

  it('finds an order given more than it owes, an unreadable amount, and a total over what there is', () => {
    const problems = allocationProblems({
      orders,
      text: { [A]: '100.01', [B]: 'ten', [C]: '20' },
      availableCents: 10_000,
      what: 'the payment’s',
    });
    expect(problems.orders[A]).toBe('More than order 1001 owes ($100.00)');
    expect(problems.orders[B]).toBe('Enter the amount for order 1002 in dollars, like 120.50');
    expect(problems.orders[C]).toBeUndefined();
    expect(problems.total).toBe('The allocations add up to $120.01, more than the payment’s $100.00');
  });

  it('finds nothing wrong with allocations within the orders and the amount', () => {
    expect(
      allocationProblems({
        orders,
        text: { [A]: '100', [B]: '', [C]: '' },
        availableCents: 10_000,
        what: 'x',
      }),
    ).toEqual({ orders: {}, total: null });
  });
});
