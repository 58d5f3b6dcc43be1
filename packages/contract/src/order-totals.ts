import { divideRoundHalfUp, GST_RATE_BASIS_POINTS, type GstRounding } from './money.ts';

// The one place a cart, an order and a tax invoice are priced. The server stores what this
// returns when an order is placed or edited; the screens call it to show a cart as it is being
// changed; invoices print the stored figures. So all three agree to the cent by construction.

/** A line as priced: quantity × unit price (ex GST, cents) at a GST rate (basis points). */
export type PricedLine = { quantity: number; unitPriceCents: number; gstRateBasisPoints: number };
export type LineTotals = { subtotalCents: number; gstCents: number };

export type OrderTotals = {
  /** Each line's subtotal (ex GST) and GST, in the order given. */
  lines: LineTotals[];
  /** Sum of the lines' subtotals, ex GST. */
  subtotalCents: number;
  deliveryFeeCents: number;
  deliveryGstCents: number;
  /** All GST: the lines' and the delivery fee's. */
  gstCents: number;
  /** What the customer pays: subtotal + delivery fee + GST. */
  totalCents: number;
};

/**
 * The GST rate (basis points) of one product for one customer: nothing for a tax-exempt
 * customer; else the merchant's tax rule for the product (its own, else its category's) when
 * there is one; else GST's 10 % for a taxable product and 0 for a GST-free one.
 */
export function resolveGstRate(facts: {
  isGstApplicable: boolean;
  ruleRateBasisPoints: number | null;
  isTaxExempt: boolean;
}): number {
  if (facts.isTaxExempt) return 0;
  if (facts.ruleRateBasisPoints !== null) return facts.ruleRateBasisPoints;
  return facts.isGstApplicable ? GST_RATE_BASIS_POINTS : 0;
}

/** Delivery is charged GST at 10 % like the supply it belongs to, except to a tax-exempt customer. */
export function deliveryGstRate(facts: { isTaxExempt: boolean }): number {
  return facts.isTaxExempt ? 0 : GST_RATE_BASIS_POINTS;
}

function assertWhole(value: number, name: string, min: number) {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number ≥ ${min}`);
}

/**
 * Totals of an order. PER_LINE rounds each line's GST half-up to the cent and adds them;
 * PER_INVOICE rounds once per rate on the rate's total, then shares that GST over the rate's
 * lines by largest remainder, so the lines still add up to the invoice's GST exactly.
 */
export function computeOrderTotals(input: {
  lines: readonly PricedLine[];
  deliveryFeeCents: number;
  deliveryGstRateBasisPoints: number;
  rounding: GstRounding;
}): OrderTotals {
  input.lines.forEach((line, i) => {
    assertWhole(line.quantity, `lines[${i}].quantity`, 0);
    assertWhole(line.unitPriceCents, `lines[${i}].unitPriceCents`, 0);
    assertWhole(line.gstRateBasisPoints, `lines[${i}].gstRateBasisPoints`, 0);
  });
  assertWhole(input.deliveryFeeCents, 'deliveryFeeCents', 0);
  // Checked like the lines' rates: a negative one would hand GST back on the delivery fee.
  assertWhole(input.deliveryGstRateBasisPoints, 'deliveryGstRateBasisPoints', 0);
  // The delivery fee is taxed as one more line of quantity 1.
  const taxed = [
    ...input.lines.map((line) => ({
      amount: BigInt(line.quantity) * BigInt(line.unitPriceCents),
      rate: line.gstRateBasisPoints,
    })),
    { amount: BigInt(input.deliveryFeeCents), rate: input.deliveryGstRateBasisPoints },
  ];
  const gst = input.rounding === 'PER_LINE' ? perLineGst(taxed) : perInvoiceGst(taxed);
  const lines = input.lines.map((_, i) => ({
    subtotalCents: Number(taxed[i]!.amount),
    gstCents: Number(gst[i]!),
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.subtotalCents, 0);
  const deliveryGstCents = Number(gst[gst.length - 1]!);
  const gstCents = lines.reduce((sum, line) => sum + line.gstCents, 0) + deliveryGstCents;
  const totalCents = subtotalCents + input.deliveryFeeCents + gstCents;
  if (!Number.isSafeInteger(totalCents)) throw new RangeError('the order total is too large');
  return {
    lines,
    subtotalCents,
    deliveryFeeCents: input.deliveryFeeCents,
    deliveryGstCents,
    gstCents,
    totalCents,
  };
}

type Taxed = { amount: bigint; rate: number };

function perLineGst(taxed: Taxed[]): bigint[] {
  return taxed.map(({ amount, rate }) => divideRoundHalfUp(amount * BigInt(rate), 10_000n));
}

function perInvoiceGst(taxed: Taxed[]): bigint[] {
  const gst = taxed.map(() => 0n);
  for (const rate of new Set(taxed.map((line) => line.rate))) {
    const members = taxed.flatMap((line, index) => (line.rate === rate ? [index] : []));
    // Each member's exact GST is amount × rate / 10 000: floor it, remember the remainder.
    const exact = members.map((index) => taxed[index]!.amount * BigInt(rate));
    const total = divideRoundHalfUp(
      exact.reduce((sum, value) => sum + value, 0n),
      10_000n,
    );
    members.forEach((index, k) => (gst[index] = exact[k]! / 10_000n));
    let left = total - members.reduce((sum, index) => sum + gst[index]!, 0n);
    // Largest remainders first; ties by position, so the same lines always get the same cents.
    const byRemainder = members
      .map((index, k) => ({ index, remainder: exact[k]! % 10_000n }))
      .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
    for (const { index } of byRemainder) {
      if (left <= 0n) break;
      gst[index] = gst[index]! + 1n;
      left -= 1n;
    }
  }
  return gst;
}
