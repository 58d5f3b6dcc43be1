import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './enums.ts';
import { canMoveOrder, isOrderEditable, orderMoveRefusal } from './order-status.ts';

describe('the order state machine', () => {
  it('allows exactly the moves of issue 10', () => {
    const moves = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canMoveOrder(from, to)).map((to) => `${from}→${to}`),
    );
    expect(moves.sort()).toEqual(
      [
        'PROCESSING→SHIPPED',
        'PROCESSING→ON_HOLD',
        'PROCESSING→CANCELLED',
        'ON_HOLD→PROCESSING',
        'ON_HOLD→CANCELLED',
        'SHIPPED→COMPLETED',
      ].sort(),
    );
    expect(ORDER_STATUSES.filter(isOrderEditable)).toEqual(['PROCESSING', 'ON_HOLD']);
  });

  it('words a refusal with the right article', () => {
    expect(orderMoveRefusal('ON_HOLD', 'SHIPPED')).toBe(
      'An on hold order can only become processing or cancelled',
    );
    expect(orderMoveRefusal('SHIPPED', 'CANCELLED')).toBe('A shipped order can only become completed');
    expect(orderMoveRefusal('COMPLETED', 'CANCELLED')).toBe('A completed order cannot change status');
    expect(orderMoveRefusal('SHIPPED', 'SHIPPED')).toBe('The order is already shipped');
  });
});
