import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from './enums.ts';
import {
  type AllocatableOrder,
  allocatedCents,
  canMovePayment,
  canVoidPayment,
  checkAllocations,
  orderPaymentStatus,
  outstandingCents,
  overpaymentCents,
  PAYMENT_TRANSITIONS,
  placeRefund,
  refundableCents,
  settlableStates,
} from './payment-rules.ts';

describe('orderPaymentStatus and outstandingCents', () => {
  it('reads Unpaid, Partially Paid, Paid, and Not Tracked whatever was paid', () => {
    expect(orderPaymentStatus({ totalCents: 1_000, paidCents: 0, isTracked: true })).toBe('UNPAID');
    expect(orderPaymentStatus({ totalCents: 1_000, paidCents: 1, isTracked: true })).toBe('PARTIALLY_PAID');
    expect(orderPaymentStatus({ totalCents: 1_000, paidCents: 1_000, isTracked: true })).toBe('PAID');
    expect(orderPaymentStatus({ totalCents: 1_000, paidCents: 1_200, isTracked: true })).toBe('PAID');
    expect(orderPaymentStatus({ totalCents: 1_000, paidCents: 1_000, isTracked: false })).toBe('NOT_TRACKED');
    // A zero-total order owes nothing: paid.
    expect(orderPaymentStatus({ totalCents: 0, paidCents: 0, isTracked: true })).toBe('PAID');
  });

  it('owes nothing once cancelled, and never less than nothing', () => {
    expect(outstandingCents({ totalCents: 1_000, paidCents: 300 })).toBe(700);
    expect(outstandingCents({ totalCents: 1_000, paidCents: 300, isCancelled: true })).toBe(0);
    expect(outstandingCents({ totalCents: 1_000, paidCents: 1_500 })).toBe(0);
  });

  it('for every order, paid + outstanding = total while paid is within it', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 1_000_000_000 })
          .chain((total) => fc.tuple(fc.constant(total), fc.integer({ min: 0, max: total }))),
        ([totalCents, paidCents]) => {
          const outstanding = outstandingCents({ totalCents, paidCents });
          expect(paidCents + outstanding).toBe(totalCents);
          const status = orderPaymentStatus({ totalCents, paidCents, isTracked: true });
          expect(status === 'PAID').toBe(outstanding === 0);
          expect(status === 'UNPAID').toBe(paidCents === 0 && totalCents > 0);
        },
      ),
    );
  });

  it('never owes a negative amount, paid above the total or not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.boolean(),
        (totalCents, paidCents, isCancelled) => {
          const outstanding = outstandingCents({ totalCents, paidCents, isCancelled });
          expect(outstanding).toBeGreaterThanOrEqual(0);
          expect(outstanding).toBeLessThanOrEqual(totalCents);
        },
      ),
    );
  });
});

describe('the payment state machine', () => {
  it('lets final states go nowhere and allows exactly the documented moves', () => {
    const moves = PAYMENT_STATES.flatMap((from) =>
      PAYMENT_STATES.filter((to) => canMovePayment(from, to)).map((to) => `${from}→${to}`),
    );
    expect(moves.sort()).toEqual(
      [
        'UPCOMING→PROCESSING',
        'UPCOMING→SUCCESSFUL',
        'UPCOMING→FAILED',
        'UPCOMING→VOIDED',
        'PROCESSING→SUCCESSFUL',
        'PROCESSING→FAILED',
        'SUCCESSFUL→REFUNDED',
        'SUCCESSFUL→VOIDED',
      ].sort(),
    );
    for (const final of ['FAILED', 'REFUNDED', 'VOIDED'] as PaymentState[]) {
      expect(PAYMENT_TRANSITIONS[final]).toEqual([]);
    }
  });

  it('voids hand-recorded successful payments with nothing refunded, never Stripe’s', () => {
    const payment = {
      state: 'SUCCESSFUL' as PaymentState,
      method: 'BANK_TRANSFER' as const,
      refundedCents: 0,
    };
    expect(canVoidPayment(payment)).toBe(true);
    expect(canVoidPayment({ ...payment, refundedCents: 1 })).toBe(false);
    expect(canVoidPayment({ ...payment, method: 'STRIPE_CARD' })).toBe(false);
    expect(canVoidPayment({ ...payment, state: 'UPCOMING', method: 'STRIPE_CARD' })).toBe(true);
    expect(canVoidPayment({ ...payment, state: 'PROCESSING' })).toBe(false);
    expect(canVoidPayment({ ...payment, state: 'REFUNDED' })).toBe(false);
  });

  it('refunds what is left of a successful payment, not an applied credit', () => {
    const payment = { state: 'SUCCESSFUL' as PaymentState, method: 'CASH' as const, refundedCents: 300 };
    expect(refundableCents({ ...payment, amountCents: 1_000 })).toBe(700);
    expect(refundableCents({ ...payment, amountCents: 1_000, state: 'VOIDED' })).toBe(0);
    expect(refundableCents({ ...payment, amountCents: 1_000, method: 'ACCOUNT_CREDIT' })).toBe(0);
  });

  it('offers only settling moves, and none for Stripe’s card payments', () => {
    expect(settlableStates({ state: 'UPCOMING', method: 'EXTERNAL_DIRECT_DEBIT', refundedCents: 0 })).toEqual(
      ['PROCESSING', 'SUCCESSFUL', 'FAILED'],
    );
    expect(settlableStates({ state: 'SUCCESSFUL', method: 'CASH', refundedCents: 0 })).toEqual([]);
    expect(settlableStates({ state: 'PROCESSING', method: 'STRIPE_CARD', refundedCents: 0 })).toEqual([]);
  });
});

const order = (overrides: Partial<AllocatableOrder> = {}): AllocatableOrder => ({
  number: 7,
  isCancelled: false,
  allocatableCents: 5_000,
  ...overrides,
});

describe('checkAllocations', () => {
  it('accepts allocations within each order and the amount, leaving the rest as credit', () => {
    const allocations = [
      { orderId: 'a', amountCents: 3_000 },
      { orderId: 'b', amountCents: 5_000 },
    ];
    const orders = new Map([
      ['a', order()],
      ['b', order({ number: 8 })],
    ]);
    expect(checkAllocations({ amountCents: 10_000, allocations, orders })).toEqual([]);
    expect(overpaymentCents(10_000, allocations)).toBe(2_000);
  });

  it('names each problem on its own field', () => {
    const issues = checkAllocations({
      amountCents: 4_000,
      allocations: [
        { orderId: 'a', amountCents: 6_000 },
        { orderId: 'a', amountCents: 1 },
        { orderId: 'gone', amountCents: 1 },
        { orderId: 'cancelled', amountCents: 1 },
        { orderId: 'paid', amountCents: 1 },
      ],
      orders: new Map([
        ['a', order()],
        ['cancelled', order({ number: 9, isCancelled: true })],
        ['paid', order({ number: 10, allocatableCents: 0 })],
      ]),
    });
    expect(issues).toEqual([
      { path: 'allocations.0.amount_cents', message: 'More than order #7’s outstanding $50.00' },
      { path: 'allocations.1.order_id', message: 'This order is already allocated above' },
      { path: 'allocations.2.order_id', message: 'Not one of this customer’s orders' },
      { path: 'allocations.3.order_id', message: 'Order #9 is cancelled' },
      { path: 'allocations.4.amount_cents', message: 'Order #10 has nothing outstanding' },
      { path: 'amount_cents', message: 'The allocations add up to $60.04, more than the payment’s $40.00' },
    ]);
  });

  it('never lets accepted allocations exceed the amount or an order’s outstanding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(
          fc.record({
            amountCents: fc.integer({ min: 1, max: 500_000 }),
            allocatable: fc.integer({ min: 0, max: 500_000 }),
          }),
          { maxLength: 8 },
        ),
        (amountCents, rows) => {
          const allocations = rows.map((row, i) => ({ orderId: `o${i}`, amountCents: row.amountCents }));
          const orders = new Map(
            rows.map((row, i) => [`o${i}`, order({ allocatableCents: row.allocatable })]),
          );
          const issues = checkAllocations({ amountCents, allocations, orders });
          if (issues.length > 0) return;
          expect(allocatedCents(allocations)).toBeLessThanOrEqual(amountCents);
          expect(overpaymentCents(amountCents, allocations)).toBeGreaterThanOrEqual(0);
          rows.forEach((row) => expect(row.amountCents).toBeLessThanOrEqual(row.allocatable));
        },
      ),
    );
  });
});

describe('placeRefund', () => {
  it('takes from the unspent credit first, then the newest allocations', () => {
    expect(
      placeRefund({
        refundCents: 2_500,
        creditRemainingCents: 1_000,
        allocations: [
          { id: 'newest', amountCents: 1_000, refundedCents: 200 },
          { id: 'older', amountCents: 3_000, refundedCents: 0 },
        ],
      }),
    ).toEqual({
      fromCreditCents: 1_000,
      allocations: [
        { id: 'newest', refundedCents: 1_000 },
        { id: 'older', refundedCents: 700 },
      ],
      unplaced: 0,
    });
  });

  it('places every cent it can and never more than an allocation holds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.array(
          fc.integer({ min: 1, max: 50_000 }).chain((amount) =>
            fc.record({
              amountCents: fc.constant(amount),
              refundedCents: fc.integer({ min: 0, max: amount }),
            }),
          ),
          { maxLength: 6 },
        ),
        (refundCents, creditRemainingCents, rows) => {
          const allocations = rows.map((row, i) => ({ id: `a${i}`, ...row }));
          const placed = placeRefund({ refundCents, creditRemainingCents, allocations });
          const taken = placed.allocations.reduce(
            (sum, next) =>
              sum + next.refundedCents - allocations.find((a) => a.id === next.id)!.refundedCents,
            0,
          );
          expect(placed.fromCreditCents + taken + placed.unplaced).toBe(refundCents);
          for (const next of placed.allocations) {
            expect(next.refundedCents).toBeLessThanOrEqual(
              allocations.find((a) => a.id === next.id)!.amountCents,
            );
          }
          const room =
            creditRemainingCents + rows.reduce((sum, row) => sum + row.amountCents - row.refundedCents, 0);
          expect(placed.unplaced).toBe(Math.max(refundCents - room, 0));
        },
      ),
    );
  });
});
