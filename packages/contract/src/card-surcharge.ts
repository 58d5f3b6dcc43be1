import { applyBasisPoints, formatDollars } from './money.ts';

// The card surcharge (SPEC §9's fee constants), the one place it is worked out: the quote the
// payer sees before paying, the PaymentIntent's amount and the payment's surcharge_cents all come
// from cardSurcharge, so what is shown is what is charged.

/** Cards issued here are domestic; any other issuing country is international. */
export const DOMESTIC_CARD_COUNTRY = 'AU';

export type CardRegion = 'DOMESTIC' | 'INTERNATIONAL';

/** What Stripe charges the merchant to take a card payment (SPEC §9): 1.7 % + $0.30, 3.5 % + $0.30. */
export const CARD_FEES: Record<CardRegion, { basisPoints: number; fixedCents: number }> = {
  DOMESTIC: { basisPoints: 170, fixedCents: 30 },
  INTERNATIONAL: { basisPoints: 350, fixedCents: 30 },
};

export const CARD_REGION_LABELS: Record<CardRegion, string> = {
  DOMESTIC: 'Cards issued in Australia',
  INTERNATIONAL: 'Cards issued outside Australia',
};

/**
 * The region a card's issuing country (ISO 3166-1 alpha-2, as Stripe reports it) falls in. A card
 * whose country is unknown counts as domestic: the smaller surcharge can never exceed the fee.
 */
export function cardRegion(cardCountry: string | null | undefined): CardRegion {
  if (!cardCountry) return 'DOMESTIC';
  return cardCountry.toUpperCase() === DOMESTIC_CARD_COUNTRY ? 'DOMESTIC' : 'INTERNATIONAL';
}

function assertCents(value: number, name: string) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of cents`);
}

/** The fee to take a payment of `chargedCents`: its percentage, half-up to the cent, plus the fixed fee. */
export function cardFeeCents(chargedCents: number, region: CardRegion): number {
  assertCents(chargedCents, 'chargedCents');
  if (chargedCents <= 0) return 0;
  const fee = CARD_FEES[region];
  return applyBasisPoints(chargedCents, fee.basisPoints) + fee.fixedCents;
}

/**
 * The surcharge to add to `amountCents` so the merchant still receives the amount: the largest S
 * with S ≤ fee(amount + S), since the fee is charged on what the card pays, surcharge included.
 * Australian rules forbid surcharging above the cost of acceptance, so it never exceeds the fee
 * actually taken on the surcharged total (and is at most a cent below it).
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

/**
 * The surcharge a payer adds to `amountCents` when paying with a card issued in `cardCountry`:
 * nothing unless the merchant passes card fees on.
 */
export function cardSurcharge(options: {
  amountCents: number;
  cardCountry: string | null | undefined;
  isFeePassedOn: boolean;
}): number {
  if (!options.isFeePassedOn) return 0;
  return cardSurchargeCents(options.amountCents, cardRegion(options.cardCountry));
}

/** "1.7 % + $0.30": a region's fee as the settings and the pay dialog state it. */
export function cardFeeText(region: CardRegion): string {
  const fee = CARD_FEES[region];
  const percent = (fee.basisPoints / 100).toFixed(1);
  return `${percent} % + $${formatDollars(fee.fixedCents)}`;
}

export type CardSurchargeLine = { label: string; cents: number };

/**
 * The surcharge as a line of what the payer is shown, or null for none: a zero surcharge (fees
 * not passed on, nothing to pay) is never shown as a line.
 */
export function cardSurchargeLine(options: {
  amountCents: number;
  cardCountry: string | null | undefined;
  isFeePassedOn: boolean;
}): CardSurchargeLine | null {
  const cents = cardSurcharge(options);
  if (cents === 0) return null;
  const region = cardRegion(options.cardCountry);
  const where = region === 'DOMESTIC' ? 'card issued in Australia' : 'card issued outside Australia';
  return { label: `Card surcharge (${cardFeeText(region)}, ${where})`, cents };
}
