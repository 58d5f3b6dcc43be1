// Money is integer cents (DESIGN §4); people type dollars. Parsed as text so that "0.29" is 29 cents
// exactly, never 28.999… through a float.

const DOLLARS = /^(\d+)(?:\.(\d{1,2}))?$/;
// More digits than this is beyond any limit the contract accepts, and beyond exact doubles.
const MAX_WHOLE_DIGITS = 13;

export type DollarsParse = { ok: true; cents: number | null } | { ok: false; message: string };

/** "2,500.50" or "$2500.5" → 250050 cents; blank → null (no amount). */
export function parseDollarsToCents(text: string): DollarsParse {
  const cleaned = text.replace(/[\s,]/g, '').replace(/^\$/, '');
  if (cleaned === '') return { ok: true, cents: null };
  const match = DOLLARS.exec(cleaned);
  if (!match) return { ok: false, message: 'Enter an amount in dollars, like 5000 or 2500.50' };
  const [, whole = '0', fraction = ''] = match;
  if (whole.replace(/^0+/, '').length > MAX_WHOLE_DIGITS)
    return { ok: false, message: 'That amount is too large' };
  return { ok: true, cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}

/** 250050 → "2500.50", 500000 → "5000": what an amount input starts with. */
export function centsToDollarsText(cents: number | null): string {
  if (cents === null) return '';
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
