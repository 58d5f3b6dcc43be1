import { describe, expect, it } from 'vitest';
import { ApiError } from '#lib/api-error.ts';
import { placeAllocationRefusal } from './place-allocation-refusal.ts';

const refusal = (details: { path: string; message: string }[]) =>
  new ApiError({
    status: 422,
    body: { error_code: 'VALIDATION_FAILED', message: 'The allocations do not add up.', details },
  });

const common = {
  failure: { fieldErrors: {}, formError: 'as the form placed it' },
  handledErrorCodes: ['VALIDATION_FAILED'],
  sent: [{ order_id: 'a' }, { order_id: 'b' }],
  rowField: (orderId: string) => `allocation-${orderId}`,
  fields: ['amount', 'reference'],
  aliases: { amount_cents: 'amount' },
};

describe('placing a refused allocation', () => {
  it('puts each allocation on its order’s row and the total on the amount, with nothing above the form', () => {
    const placed = placeAllocationRefusal({
      ...common,
      error: refusal([
        { path: 'body.allocations.1.amount_cents', message: 'More than order #1002’s outstanding $10.00' },
        {
          path: 'body.amount_cents',
          message: 'The allocations add up to $30.00, more than the payment’s $20.00',
        },
      ]),
    });
    expect(placed).toEqual({
      fieldErrors: {
        'allocation-b': 'More than order #1002’s outstanding $10.00',
        amount: 'The allocations add up to $30.00, more than the payment’s $20.00',
      },
      formError: null,
    });
  });

  it('says the server’s message above the form when an issue fits no field', () => {
    const placed = placeAllocationRefusal({
      ...common,
      error: refusal([{ path: 'body.allocations', message: 'Too many orders' }]),
    });
    expect(placed).toEqual({ fieldErrors: {}, formError: 'The allocations do not add up.' });
  });

  it('keeps the form’s own failure for a refusal it does not handle', () => {
    const error = new ApiError({ status: 500, body: { error_code: 'INTERNAL_ERROR', message: 'Oops' } });
    expect(placeAllocationRefusal({ ...common, error })).toBe(common.failure);
  });
});
