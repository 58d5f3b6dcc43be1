// Money is integer cents (DESIGN §4); people type dollars. The contract's dollars text functions
// are the one reading and writing of it; this file only says what an amount input makes of them.
import { formatDollars, parseDollars } from '@tradeport/contract';

export type DollarsParse = { ok: true; cents: number | null } | { ok: false; message: string };

/**
 * "2,500.50" or "$2500.5" → 250050 cents; blank → null (no amount). The inputs this serves
 * (prices, credit limits) take no negative amounts.
 */
export function parseDollarsToCents(text: string): DollarsParse {
  const parsed = parseDollars(text, { allowNegative: false });
  if (parsed.ok) return parsed;
  if (parsed.reason === 'blank') return { ok: true, cents: null };
  return { ok: false, message: parsed.message };
}

/** 250050 → "2500.50", 500000 → "5000": what an amount input starts with. */
export function centsToDollarsText(cents: number | null): string {
  return cents === null ? '' : formatDollars(cents, { omitZeroCents: true });
}
