// Money is integer cents. Every rounding rule lives here, once, so the portal, orders,
// invoices and payments can never disagree by a cent.

export const GST_RATE_BASIS_POINTS = 1_000; // 10 %

export type GstRounding = 'PER_LINE' | 'PER_INVOICE';

/**
 * n / d rounded half away from zero (half-up on magnitude), in exact integer arithmetic.
 * Works on bigint so that cents × basis points never loses precision.
 */
export function divideRoundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const sign = n < 0n ? -1n : 1n;
  const magnitude = n < 0n ? -n : n;
  return sign * ((2n * magnitude + d) / (2n * d));
}

function assertCents(value: number, name: string) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of cents`);
}

/** `cents × basisPoints / 10 000`, half-up to the cent. */
export function applyBasisPoints(cents: number, basisPoints: number): number {
  assertCents(cents, 'cents');
  assertCents(basisPoints, 'basisPoints');
  return Number(divideRoundHalfUp(BigInt(cents) * BigInt(basisPoints), 10_000n));
}

/** GST on an ex-GST amount. */
export function gstCents(exGstCents: number, rateBasisPoints = GST_RATE_BASIS_POINTS): number {
  return applyBasisPoints(exGstCents, rateBasisPoints);
}

export type TaxableLine = { amountCents: number; isGstApplicable: boolean };

/**
 * GST for a whole invoice. PER_LINE rounds each line and adds the results (what most
 * accounting packages show line by line); PER_INVOICE rounds once on the taxable total.
 * Merchants choose which, to match their accounting system.
 */
export function invoiceGstCents(
  lines: readonly TaxableLine[],
  options: { rounding: GstRounding; rateBasisPoints?: number },
): number {
  const rate = options.rateBasisPoints ?? GST_RATE_BASIS_POINTS;
  const taxable = lines.filter((line) => line.isGstApplicable);
  if (options.rounding === 'PER_LINE') {
    return taxable.reduce((sum, line) => sum + gstCents(line.amountCents, rate), 0);
  }
  const total = taxable.reduce((sum, line) => {
    assertCents(line.amountCents, 'amountCents');
    return sum + line.amountCents;
  }, 0);
  return gstCents(total, rate);
}

// Card fees (SPEC §9): 1.7 % + 0.30 domestic, 3.5 % + 0.30 international (Stripe AU).
export type CardRegion = 'DOMESTIC' | 'INTERNATIONAL';
export const CARD_FEES: Record<CardRegion, { basisPoints: number; fixedCents: number }> = {
  DOMESTIC: { basisPoints: 170, fixedCents: 30 },
  INTERNATIONAL: { basisPoints: 350, fixedCents: 30 },
};

/** What the card processor charges to take a payment of `chargedCents`. */
export function cardFeeCents(chargedCents: number, region: CardRegion): number {
  if (chargedCents <= 0) return 0;
  const fee = CARD_FEES[region];
  return applyBasisPoints(chargedCents, fee.basisPoints) + fee.fixedCents;
}

/**
 * The surcharge to add to `amountCents` so the merchant still receives the amount: the largest
 * S for which S ≤ fee(amount + S). Australian rules forbid surcharging above the cost of
 * acceptance, so this never exceeds the fee actually paid on the surcharged total.
 */
export function cardSurchargeCents(amountCents: number, region: CardRegion): number {
  assertCents(amountCents, 'amountCents');
  if (amountCents <= 0) return 0;
  const fee = CARD_FEES[region];
  // Closed-form estimate of S = (A·r + F) / (1 − r), then step to the exact integer answer:
  // fee(A + S) − S is non-increasing in S, so a couple of steps settle it.
  let surcharge = Math.floor(
    (amountCents * fee.basisPoints + fee.fixedCents * 10_000) / (10_000 - fee.basisPoints),
  );
  while (surcharge > 0 && surcharge > cardFeeCents(amountCents + surcharge, region)) surcharge -= 1;
  while (surcharge + 1 <= cardFeeCents(amountCents + surcharge + 1, region)) surcharge += 1;
  return surcharge;
}
