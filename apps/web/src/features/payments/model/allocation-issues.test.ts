import { describe, expect, it } from 'vitest';
import { splitAllocationIssues } from './allocation-issues.ts';

describe('the server’s allocation refusals, per order', () => {
  it('puts an issue about the i-th allocation sent on that order, and leaves the rest', () => {
    const sent = [{ order_id: 'a' }, { order_id: 'b' }];
    const split = splitAllocationIssues(
      [
        { path: 'body.allocations.1.amount_cents', message: 'More than order #1002’s outstanding $10.00' },
        { path: 'body.allocations.1.order_id', message: 'second message for b' },
        { path: 'body.allocations.0.order_id', message: 'Order #1001 is cancelled' },
        { path: 'body.allocations.7.amount_cents', message: 'not one that was sent' },
        { path: 'body.amount_cents', message: 'The allocations add up to more' },
      ],
      sent,
    );
    expect(split.byOrder).toEqual({
      a: 'Order #1001 is cancelled',
      b: 'More than order #1002’s outstanding $10.00',
    });
    expect(split.rest.map((issue) => issue.path)).toEqual([
      'body.allocations.7.amount_cents',
      'body.amount_cents',
    ]);
  });
});
