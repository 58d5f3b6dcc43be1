import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_RATE_BASIS_POINTS, type GstRounding } from './money.ts';
import { computeOrderTotals, deliveryGstRate, type PricedLine, resolveGstRate } from './order-totals.ts';

// The one pricing function against independent statements of the tax rules: a line's subtotal is
// quantity × unit price; per line, each line's GST is rounded half-up on its own; per invoice,
// each rate's GST is rounded once on the rate's total and the lines share it to the cent; and
// whatever the rounding, subtotal + delivery fee + GST is the total.

/** Half-up to the cent, stated differently from the implementation (floor plus a carry). */
const halfUp = (amount: bigint, rate: number) => {
  const exact = amount * BigInt(rate);
  return exact / 10_000n + (exact % 10_000n >= 5_000n ? 1n : 0n);
};

const rateArbitrary = fc.oneof(
  fc.constant(GST_RATE_BASIS_POINTS),
  fc.constant(0),
  fc.constantFrom(250, 500, 1_250),
  fc.integer({ min: 0, max: 10_000 }),
);
const lineArbitrary: fc.Arbitrary<PricedLine> = fc.record({
  quantity: fc.integer({ min: 0, max: 10_000 }),
  unitPriceCents: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 10_000_000 })),
  gstRateBasisPoints: rateArbitrary,
});
const orderArbitrary = fc.record({
  lines: fc.array(lineArbitrary, { maxLength: 12 }),
  deliveryFeeCents: fc.integer({ min: 0, max: 100_000 }),
  deliveryGstRateBasisPoints: fc.constantFrom(GST_RATE_BASIS_POINTS, 0),
  rounding: fc.constantFrom<GstRounding>('PER_LINE', 'PER_INVOICE'),
});

/** Every taxed amount of an order with its rate: the lines, then the delivery fee as one more. */
const taxedOf = (order: {
  lines: readonly PricedLine[];
  deliveryFeeCents: number;
  deliveryGstRateBasisPoints: number;
}) => [
  ...order.lines.map((line) => ({
    amount: BigInt(line.quantity) * BigInt(line.unitPriceCents),
    rate: line.gstRateBasisPoints,
  })),
  { amount: BigInt(order.deliveryFeeCents), rate: order.deliveryGstRateBasisPoints },
];

describe('computeOrderTotals, by example (hand-checked cents)', () => {
  const threeAt333 = [1, 2, 3].map(() => ({ quantity: 1, unitPriceCents: 333, gstRateBasisPoints: 1_000 }));

  it('rounds three $3.33 lines at 10 % to 33c each per line: $0.99 GST, $10.98 total', () => {
    const totals = computeOrderTotals({
      lines: threeAt333,
      deliveryFeeCents: 0,
      deliveryGstRateBasisPoints: 1_000,
      rounding: 'PER_LINE',
    });
    expect(totals).toEqual({
      lines: [
        { subtotalCents: 333, gstCents: 33 },
        { subtotalCents: 333, gstCents: 33 },
        { subtotalCents: 333, gstCents: 33 },
      ],
      subtotalCents: 999,
      deliveryFeeCents: 0,
      deliveryGstCents: 0,
      gstCents: 99,
      totalCents: 1_098,
    });
  });

  it('rounds the same three lines once per invoice: $0.999 → $1.00 GST, the spare cent on the first line', () => {
    const totals = computeOrderTotals({
      lines: threeAt333,
      deliveryFeeCents: 0,
      deliveryGstRateBasisPoints: 1_000,
      rounding: 'PER_INVOICE',
    });
    expect(totals.lines.map((line) => line.gstCents)).toEqual([34, 33, 33]);
    expect(totals.gstCents).toBe(100);
    expect(totals.totalCents).toBe(1_099);
  });

  it('rounds a half cent up, on a line and on the delivery fee', () => {
    const order = {
      // 3 × 5c = 15c → 1.5c GST; a $9.95 fee → 99.5c GST.
      lines: [{ quantity: 3, unitPriceCents: 5, gstRateBasisPoints: 1_000 }],
      deliveryFeeCents: 995,
      deliveryGstRateBasisPoints: 1_000,
    };
    const perLine = computeOrderTotals({ ...order, rounding: 'PER_LINE' });
    expect(perLine.lines).toEqual([{ subtotalCents: 15, gstCents: 2 }]);
    expect(perLine.deliveryGstCents).toBe(100);
    expect(perLine.gstCents).toBe(102);
    expect(perLine.totalCents).toBe(15 + 995 + 102);
    // Per invoice the 10 % amounts are $10.10 together → $1.01 GST; both halves tie, the line
    // comes first so it takes the cent.
    const perInvoice = computeOrderTotals({ ...order, rounding: 'PER_INVOICE' });
    expect(perInvoice.lines).toEqual([{ subtotalCents: 15, gstCents: 2 }]);
    expect(perInvoice.deliveryGstCents).toBe(99);
    expect(perInvoice.gstCents).toBe(101);
    expect(perInvoice.totalCents).toBe(1_111);
  });

  it('keeps each rate apart: 10 %, GST-free and a 5 % rule on one invoice', () => {
    const totals = computeOrderTotals({
      lines: [
        { quantity: 2, unitPriceCents: 1_250, gstRateBasisPoints: 1_000 }, // $25.00 → $2.50
        { quantity: 4, unitPriceCents: 399, gstRateBasisPoints: 0 }, // $15.96 → nil
        { quantity: 1, unitPriceCents: 105, gstRateBasisPoints: 500 }, // $1.05 → 5.25c → 5c
        { quantity: 1, unitPriceCents: 111, gstRateBasisPoints: 500 }, // $1.11 → 5.55c → 6c
      ],
      deliveryFeeCents: 1_500, // → $1.50
      deliveryGstRateBasisPoints: 1_000,
      rounding: 'PER_INVOICE',
    });
    // The 5 % lines are $2.16 together → 10.8c → 11c; per line they would also be 5 + 6.
    expect(totals.lines.map((line) => line.gstCents)).toEqual([250, 0, 5, 6]);
    expect(totals.subtotalCents).toBe(2_500 + 1_596 + 105 + 111);
    expect(totals.deliveryGstCents).toBe(150);
    expect(totals.gstCents).toBe(411);
    expect(totals.totalCents).toBe(4_312 + 1_500 + 411);
  });

  it('charges a tax-exempt customer no GST at all', () => {
    const rate = (isGstApplicable: boolean) =>
      resolveGstRate({ isGstApplicable, ruleRateBasisPoints: null, isTaxExempt: true });
    const totals = computeOrderTotals({
      lines: [
        { quantity: 1, unitPriceCents: 1_000, gstRateBasisPoints: rate(true) },
        { quantity: 1, unitPriceCents: 1_000, gstRateBasisPoints: rate(false) },
      ],
      deliveryFeeCents: 800,
      deliveryGstRateBasisPoints: deliveryGstRate({ isTaxExempt: true }),
      rounding: 'PER_LINE',
    });
    expect(totals.gstCents).toBe(0);
    expect(totals.totalCents).toBe(2_800);
  });

  it('refuses fractions and negatives, including a negative delivery GST rate', () => {
    const base = {
      lines: [],
      deliveryFeeCents: 0,
      deliveryGstRateBasisPoints: 1_000,
      rounding: 'PER_LINE' as const,
    };
    expect(() =>
      computeOrderTotals({
        ...base,
        lines: [{ quantity: 1.5, unitPriceCents: 100, gstRateBasisPoints: 1_000 }],
      }),
    ).toThrow(RangeError);
    expect(() =>
      computeOrderTotals({
        ...base,
        lines: [{ quantity: 1, unitPriceCents: -1, gstRateBasisPoints: 1_000 }],
      }),
    ).toThrow(RangeError);
    expect(() => computeOrderTotals({ ...base, deliveryFeeCents: -100 })).toThrow(RangeError);
    // A negative rate would give a refund of GST on delivery: never a valid input.
    expect(() =>
      computeOrderTotals({ ...base, deliveryFeeCents: 100, deliveryGstRateBasisPoints: -1_000 }),
    ).toThrow(RangeError);
  });
});

describe('computeOrderTotals, for any order', () => {
  it('makes each line’s subtotal its quantity × unit price, and the subtotal their sum', () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        const totals = computeOrderTotals(order);
        expect(totals.lines.map((line) => line.subtotalCents)).toEqual(
          order.lines.map((line) => line.quantity * line.unitPriceCents),
        );
        expect(totals.subtotalCents).toBe(totals.lines.reduce((sum, line) => sum + line.subtotalCents, 0));
        expect(totals.deliveryFeeCents).toBe(order.deliveryFeeCents);
      }),
    );
  });

  it('always reconciles: the lines’ and delivery’s GST make the GST, and subtotal + fee + GST the total', () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        const totals = computeOrderTotals(order);
        const linesGst = totals.lines.reduce((sum, line) => sum + line.gstCents, 0);
        expect(totals.gstCents).toBe(linesGst + totals.deliveryGstCents);
        expect(totals.totalCents).toBe(totals.subtotalCents + totals.deliveryFeeCents + totals.gstCents);
        expect(totals.gstCents).toBeGreaterThanOrEqual(0);
        for (const line of totals.lines) expect(line.gstCents).toBeGreaterThanOrEqual(0);
        expect(totals.deliveryGstCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('per line, rounds each line’s GST half-up on its own', () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        const totals = computeOrderTotals({ ...order, rounding: 'PER_LINE' });
        const expected = taxedOf(order).map(({ amount, rate }) => Number(halfUp(amount, rate)));
        expect([...totals.lines.map((line) => line.gstCents), totals.deliveryGstCents]).toEqual(expected);
      }),
    );
  });

  it('per invoice, rounds each rate’s total once, and the lines of that rate add up to it exactly', () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        const totals = computeOrderTotals({ ...order, rounding: 'PER_INVOICE' });
        const taxed = taxedOf(order);
        const gst = [...totals.lines.map((line) => line.gstCents), totals.deliveryGstCents];
        for (const rate of new Set(taxed.map((t) => t.rate))) {
          const members = taxed.flatMap((t, i) => (t.rate === rate ? [i] : []));
          const rateTotal = members.reduce((sum, i) => sum + taxed[i]!.amount, 0n);
          expect(members.reduce((sum, i) => sum + gst[i]!, 0)).toBe(Number(halfUp(rateTotal, rate)));
          // Shared by largest remainder: no line is more than a cent from its exact GST.
          for (const i of members) {
            const exact = taxed[i]!.amount * BigInt(rate);
            const difference = BigInt(gst[i]!) * 10_000n - exact;
            expect(difference > -10_000n && difference < 10_000n).toBe(true);
          }
        }
      }),
    );
  });

  it('gives totals that do not depend on the lines’ order (and per line, the same GST per line)', () => {
    fc.assert(
      fc.property(
        orderArbitrary.chain((order) =>
          fc.tuple(fc.constant(order), fc.shuffledSubarray(order.lines, { minLength: order.lines.length })),
        ),
        ([order, shuffled]) => {
          const before = computeOrderTotals(order);
          const after = computeOrderTotals({ ...order, lines: shuffled });
          expect([after.subtotalCents, after.deliveryGstCents, after.gstCents, after.totalCents]).toEqual([
            before.subtotalCents,
            before.deliveryGstCents,
            before.gstCents,
            before.totalCents,
          ]);
          if (order.rounding === 'PER_LINE') {
            const key = (line: PricedLine, gst: number) =>
              `${line.quantity}×${line.unitPriceCents}@${line.gstRateBasisPoints}=${gst}`;
            const pairs = (lines: PricedLine[], result: typeof before) =>
              lines.map((line, i) => key(line, result.lines[i]!.gstCents)).sort();
            expect(pairs(shuffled, after)).toEqual(pairs(order.lines, before));
          }
        },
      ),
    );
  });

  it('charges no GST to a tax-exempt customer, whatever the products and rules', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 0, max: 1_000 }),
            unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
            isGstApplicable: fc.boolean(),
            ruleRateBasisPoints: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
          }),
          { maxLength: 10 },
        ),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom<GstRounding>('PER_LINE', 'PER_INVOICE'),
        (products, deliveryFeeCents, rounding) => {
          const totals = computeOrderTotals({
            lines: products.map((p) => ({
              quantity: p.quantity,
              unitPriceCents: p.unitPriceCents,
              gstRateBasisPoints: resolveGstRate({ ...p, isTaxExempt: true }),
            })),
            deliveryFeeCents,
            deliveryGstRateBasisPoints: deliveryGstRate({ isTaxExempt: true }),
            rounding,
          });
          expect(totals.gstCents).toBe(0);
          expect(totals.lines.every((line) => line.gstCents === 0)).toBe(true);
          expect(totals.totalCents).toBe(totals.subtotalCents + deliveryFeeCents);
        },
      ),
    );
  });

  it('matches per line and per invoice when every line’s GST is already whole cents', () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        // Amounts in whole dollars at 10 % or 0 %: GST is exact, so rounding has nothing to do.
        const whole = {
          ...order,
          lines: order.lines.map((line) => ({
            ...line,
            unitPriceCents: line.unitPriceCents * 100,
            gstRateBasisPoints: line.gstRateBasisPoints % 2 ? 0 : GST_RATE_BASIS_POINTS,
          })),
          deliveryFeeCents: order.deliveryFeeCents * 100,
        };
        const perLine = computeOrderTotals({ ...whole, rounding: 'PER_LINE' });
        const perInvoice = computeOrderTotals({ ...whole, rounding: 'PER_INVOICE' });
        expect(perInvoice).toEqual(perLine);
      }),
    );
  });
});
