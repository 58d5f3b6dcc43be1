import { formatDollars, PriceCents, type TierPriceInput } from '@tradeport/contract';
import { parseDollarsToCents } from '#lib/money-input.ts';

/** One row's price as typed, beside the price the tier had when the typing started. */
export type PriceEdit = { text: string; originalCents: number };
/** Edits by product id; a row nobody has touched has none. */
export type PriceEdits = Readonly<Record<string, PriceEdit>>;

/** 450 → "4.50": what a price input shows, always with two decimals. */
export function priceInputText(cents: number): string {
  return formatDollars(cents);
}

export type PriceCheck = { ok: true; cents: number } | { ok: false; message: string };

/** A tier's price input, named for its own error messages (not a credit limit's). */
export const TIER_PRICE_FIELD = { name: 'tier price', example: '4.50 or 12' } as const;

/** Dollars as typed → whole cents within the contract's limits, without a float in between. */
export function checkPrice(text: string): PriceCheck {
  const parsed = parseDollarsToCents(text, TIER_PRICE_FIELD);
  if (!parsed.ok) return parsed;
  if (parsed.cents === null) return { ok: false, message: 'Enter the tier price' };
  const checked = PriceCents.safeParse(parsed.cents);
  if (checked.success) return { ok: true, cents: checked.data };
  // Whole cents and zero or more are the parse's; what is left is the contract's ceiling.
  return { ok: false, message: `That ${TIER_PRICE_FIELD.name} is too large` };
}

/** True when an edit would change the row: a new price, or text that is not a price at all. */
export function isChanged(edit: PriceEdit): boolean {
  const checked = checkPrice(edit.text);
  return !checked.ok || checked.cents !== edit.originalCents;
}

/**
 * What "Save N prices" sends: the rows whose price changed, and none of those that were typed back
 * to what they were. Rows whose text is not a price come back as errors instead, and then nothing
 * may be sent.
 */
export function pendingPrices(edits: PriceEdits): {
  items: TierPriceInput[];
  errors: Record<string, string>;
  count: number;
} {
  const items: TierPriceInput[] = [];
  const errors: Record<string, string> = {};
  for (const [productId, edit] of Object.entries(edits)) {
    const checked = checkPrice(edit.text);
    if (!checked.ok) errors[productId] = checked.message;
    else if (checked.cents !== edit.originalCents)
      items.push({ product_id: productId, price_cents: checked.cents });
  }
  return { items, errors, count: items.length + Object.keys(errors).length };
}

/**
 * The server's field errors for a refused save ("body.items.3.price_cents") by product id, using the
 * order the items were sent in.
 */
export function errorsByProduct(
  issues: readonly { path: string; message: string }[],
  sent: readonly TierPriceInput[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const index = /(?:^|\.)items\.(\d+)(?:\.|$)/.exec(issue.path)?.[1];
    const productId = index === undefined ? undefined : sent[Number(index)]?.product_id;
    if (productId) errors[productId] ??= issue.message;
  }
  return errors;
}

/** The edits left after a save: rows typed on while it was in flight keep their newer text. */
export function editsAfterSave(edits: PriceEdits, saved: readonly TierPriceInput[]): PriceEdits {
  const savedCents = new Map(saved.map((item) => [item.product_id, item.price_cents]));
  const left: Record<string, PriceEdit> = {};
  for (const [productId, edit] of Object.entries(edits)) {
    const cents = savedCents.get(productId);
    if (cents === undefined) {
      left[productId] = edit;
      continue;
    }
    const checked = checkPrice(edit.text);
    if (!checked.ok || checked.cents !== cents) left[productId] = { text: edit.text, originalCents: cents };
  }
  return left;
}
