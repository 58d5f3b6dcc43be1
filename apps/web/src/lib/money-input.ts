// Money is integer cents (DESIGN §4); people type dollars. The contract's dollars text functions
// are the one reading and writing of it; this file only says what an amount input makes of them.
import { type DollarsTextProblem, formatDollars, parseDollars } from '@tradeport/contract';

export type DollarsParse = { ok: true; cents: number | null } | { ok: false; message: string };

/**
 * The amount an input holds, named as its label says it ("credit limit", "tier price") with an
 * example of what to type, so that each field's error speaks of that field.
 */
export type MoneyField = { name: string; example: string };

/** The one wording of a money field's problems; the contract's own words when no field is named. */
function messageFor(problem: Exclude<DollarsTextProblem, 'blank'>, field: MoneyField): string {
  switch (problem) {
    case 'not-dollars':
      return `Enter the ${field.name} in dollars, like ${field.example}`;
    case 'negative':
      return `The ${field.name} cannot be negative`;
    case 'too-large':
      return `That ${field.name} is too large`;
  }
}

/**
 * "2,500.50" or "$2500.5" → 250050 cents; blank → null (no amount). The inputs this serves
 * (prices, credit limits) take no negative amounts. With `field`, a refusal names the field.
 */
export function parseDollarsToCents(text: string, field?: MoneyField): DollarsParse {
  const parsed = parseDollars(text, { allowNegative: false });
  if (parsed.ok) return parsed;
  if (parsed.reason === 'blank') return { ok: true, cents: null };
  return { ok: false, message: field ? messageFor(parsed.reason, field) : parsed.message };
}

/** 250050 → "2500.50", 500000 → "5000": what an amount input starts with. */
export function centsToDollarsText(cents: number | null): string {
  return cents === null ? '' : formatDollars(cents, { omitZeroCents: true });
}
