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

// ——— Dollars as text ———
// People read and type dollars; everything else holds integer cents. These two functions are
// the only place the two meet (CSV import and export, money inputs, every screen), and they
// work on the digits as text, so "0.29" is 29 cents exactly, never 28.999… through a float.

export type DollarsTextProblem = 'blank' | 'not-dollars' | 'negative' | 'too-large';

export type DollarsTextParse =
  { ok: true; cents: number } | { ok: false; reason: DollarsTextProblem; message: string };

export type ParseDollarsOptions = {
  /** Whether "-5" or "-$5.00" reads as a negative amount (credits, refunds); default true. */
  allowNegative?: boolean;
  /** The largest magnitude accepted, in cents; default Number.MAX_SAFE_INTEGER (exact doubles). */
  maxCents?: number;
};

// Optional sign and dollar sign (either order), then digits plain ("1234") or grouped in threes
// ("1,234"), then at most two decimals. "12.", ".5" and "1,23" are refused: each is more likely a
// slip than what was meant.
const DOLLARS_TEXT = /^(-?)\$?(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

const DOLLARS_MESSAGES: Record<DollarsTextProblem, string> = {
  blank: 'Enter an amount in dollars',
  'not-dollars': 'Enter an amount in dollars, like 5000 or 2500.50',
  negative: 'Enter an amount of zero or more',
  'too-large': 'That amount is too large',
};

function dollarsProblem(reason: DollarsTextProblem): DollarsTextParse {
  return { ok: false, reason, message: DOLLARS_MESSAGES[reason] };
}

/**
 * Dollars text → integer cents: "2,500.50", "$2500.5", "-0.05", " 7 " (surrounding space is
 * ignored). Anything else is refused with the reason, so each caller can word it for its field.
 */
export function parseDollars(text: string, options: ParseDollarsOptions = {}): DollarsTextParse {
  const trimmed = text.trim();
  if (trimmed === '') return dollarsProblem('blank');
  const match = DOLLARS_TEXT.exec(trimmed);
  if (!match || (match[1] && match[2])) return dollarsProblem('not-dollars');
  const isNegative = Boolean(match[1] || match[2]);
  const whole = match[3]!.replaceAll(',', '');
  const fraction = (match[4] ?? '').padEnd(2, '0');
  // BigInt keeps a 30-digit paste exact long enough to be called too large, not rounded.
  const magnitude = BigInt(whole) * 100n + BigInt(fraction);
  if (magnitude > BigInt(options.maxCents ?? Number.MAX_SAFE_INTEGER)) return dollarsProblem('too-large');
  if (isNegative && magnitude > 0n && options.allowNegative === false) return dollarsProblem('negative');
  // "-0.00" is zero: no negative zero leaks out.
  const cents = Number(magnitude);
  return { ok: true, cents: isNegative && cents !== 0 ? -cents : cents };
}

export type FormatDollarsOptions = {
  /** "1,234.50" rather than "1234.50"; default false (what a file or an input holds). */
  grouping?: boolean;
  /** "5000" rather than "5000.00" when there are no cents (an input's starting text); default false. */
  omitZeroCents?: boolean;
};

/**
 * Integer cents → dollars text: -5 → "-0.05", -105 → "-1.05", 123450 → "1234.50" ("1,234.50" with
 * grouping). No currency symbol: screens add it (lib/format.ts). parseDollars reads every result
 * back to the same cents.
 */
export function formatDollars(cents: number, options: FormatDollarsOptions = {}): string {
  assertCents(cents, 'cents');
  // Digits of the magnitude as text: dividing by 100 in floating point could round a large
  // amount's cents into its dollars.
  const digits = String(Math.abs(cents)).padStart(3, '0');
  let whole = digits.slice(0, -2);
  const fraction = digits.slice(-2);
  if (options.grouping) whole = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = cents < 0 ? '-' : '';
  return options.omitZeroCents && fraction === '00' ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}
