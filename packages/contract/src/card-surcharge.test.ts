import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_FEES,
  cardFeeCents,
  cardFeeText,
  cardRegion,
  cardSurcharge,
  cardSurchargeCents,
  cardSurchargeLine,
} from './card-surcharge.ts';

/** The fee stated independently of the implementation: percentage half-up (floor plus a carry) + fixed. */
const feeOf = (charged: number, basisPoints: number, fixed: number) => {
  if (charged <= 0) return 0;
  const exact = BigInt(charged) * BigInt(basisPoints);
  return Number(exact / 10_000n + (exact % 10_000n >= 5_000n ? 1n : 0n)) + fixed;
};

const amount = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 1_000_000_00 }));
const country = fc.oneof(
  fc.constantFrom('AU', 'au', 'US', 'GB', 'NZ', 'JP'),
  fc.constant(null),
  fc.string({ minLength: 2, maxLength: 2 }),
);

describe('card fees (SPEC §9)', () => {
  it('are 1.7 % + 30 c for Australian cards and 3.5 % + 30 c for others', () => {
    expect(CARD_FEES).toEqual({
      DOMESTIC: { basisPoints: 170, fixedCents: 30 },
      INTERNATIONAL: { basisPoints: 350, fixedCents: 30 },
    });
    expect(cardFeeCents(10_000, 'DOMESTIC')).toBe(200);
    expect(cardFeeCents(10_000, 'INTERNATIONAL')).toBe(380);
    expect(cardFeeCents(0, 'DOMESTIC')).toBe(0);
    expect(cardFeeText('DOMESTIC')).toBe('1.7 % + $0.30');
    expect(cardFeeText('INTERNATIONAL')).toBe('3.5 % + $0.30');
  });

  it('rounds the percentage half-up to the cent', () => {
    // 1.7 % of 50 c is 0.85 c → 1; of 29 c is 0.493 c → 0.
    expect(cardFeeCents(50, 'DOMESTIC')).toBe(31);
    expect(cardFeeCents(29, 'DOMESTIC')).toBe(30);
    // 3.5 % of 10 c is 0.35 c → 0; of 100 c is 3.5 c → 4.
    expect(cardFeeCents(100, 'INTERNATIONAL')).toBe(34);
  });

  it('takes the region from the issuing country; unknown counts as domestic (the smaller fee)', () => {
    expect(cardRegion('AU')).toBe('DOMESTIC');
    expect(cardRegion('au')).toBe('DOMESTIC');
    expect(cardRegion('US')).toBe('INTERNATIONAL');
    expect(cardRegion('NZ')).toBe('INTERNATIONAL');
    expect(cardRegion(null)).toBe('DOMESTIC');
    expect(cardRegion('')).toBe('DOMESTIC');
  });
});

describe('cardSurcharge', () => {
  it('covers the fee on the surcharged total for the worked examples', () => {
    // $100 in Australia: S ≤ 1.7 % × (10 000 + S) + 30 → S = 203 (the fee on 10 203 is 203.45 → 203).
    expect(cardSurcharge({ amountCents: 10_000, cardCountry: 'AU', isFeePassedOn: true })).toBe(203);
    // $100 from overseas: the fee on 10 394 is 363.79 + 30 → 394.
    expect(cardSurcharge({ amountCents: 10_000, cardCountry: 'US', isFeePassedOn: true })).toBe(394);
    expect(cardFeeCents(10_394, 'INTERNATIONAL')).toBe(394);
  });

  it('is nothing when the merchant absorbs the fees, or there is nothing to pay', () => {
    expect(cardSurcharge({ amountCents: 10_000, cardCountry: 'US', isFeePassedOn: false })).toBe(0);
    expect(cardSurcharge({ amountCents: 0, cardCountry: 'US', isFeePassedOn: true })).toBe(0);
  });

  it('is never above the fee taken on what the card pays, never negative, and at most a cent short of it', () => {
    fc.assert(
      fc.property(amount, country, fc.boolean(), (amountCents, cardCountry, isFeePassedOn) => {
        const surcharge = cardSurcharge({ amountCents, cardCountry, isFeePassedOn });
        const { basisPoints, fixedCents } = CARD_FEES[cardRegion(cardCountry)];
        const fee = feeOf(amountCents + surcharge, basisPoints, fixedCents);
        expect(surcharge).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(surcharge)).toBe(true);
        expect(surcharge).toBeLessThanOrEqual(fee);
        if (!isFeePassedOn || amountCents === 0) expect(surcharge).toBe(0);
        else expect(fee - surcharge).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is the largest surcharge within the fee', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_00 }), fc.constantFrom('AU', 'GB'), (cents, where) => {
        const region = cardRegion(where);
        const surcharge = cardSurchargeCents(cents, region);
        expect(surcharge + 1).toBeGreaterThan(cardFeeCents(cents + surcharge + 1, region));
      }),
    );
  });

  it('charges an overseas card at least as much as an Australian one', () => {
    fc.assert(
      fc.property(amount, (amountCents) => {
        const au = cardSurcharge({ amountCents, cardCountry: 'AU', isFeePassedOn: true });
        const overseas = cardSurcharge({ amountCents, cardCountry: 'US', isFeePassedOn: true });
        expect(overseas).toBeGreaterThanOrEqual(au);
      }),
    );
  });
});

describe('cardSurchargeLine', () => {
  it('names the fee and where the card is from', () => {
    expect(cardSurchargeLine({ amountCents: 10_000, cardCountry: 'US', isFeePassedOn: true })).toEqual({
      label: 'Card surcharge (3.5 % + $0.30, card issued outside Australia)',
      cents: 394,
    });
  });

  it('is absent whenever the surcharge is zero', () => {
    fc.assert(
      fc.property(amount, country, fc.boolean(), (amountCents, cardCountry, isFeePassedOn) => {
        const line = cardSurchargeLine({ amountCents, cardCountry, isFeePassedOn });
        const cents = cardSurcharge({ amountCents, cardCountry, isFeePassedOn });
        if (cents === 0) expect(line).toBeNull();
        else expect(line?.cents).toBe(cents);
      }),
    );
  });
});
