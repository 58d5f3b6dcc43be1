import { MAX_LINE_QUANTITY } from '@tradeport/contract';

// A product is ordered in whole packs, at least its minimum: the server refuses anything else
// (setCartLine answers 400), so the steppers only ever offer quantities it accepts.

export type QuantityRule = { min_order_quantity: number; pack_size: number };

const packOf = (rule: QuantityRule) => Math.max(1, rule.pack_size);

/** The largest quantity a line may hold that is still a whole number of packs. */
function largest(rule: QuantityRule): number {
  return Math.floor(MAX_LINE_QUANTITY / packOf(rule)) * packOf(rule);
}

/** The smallest quantity that can be ordered: the minimum, rounded up to a whole pack. */
export function firstQuantity(rule: QuantityRule): number {
  const pack = packOf(rule);
  return Math.min(Math.ceil(Math.max(1, rule.min_order_quantity) / pack) * pack, largest(rule));
}

/** Whether the server would take this quantity as it stands. */
export function isOrderableQuantity(rule: QuantityRule, quantity: number): boolean {
  return (
    Number.isInteger(quantity) &&
    quantity >= firstQuantity(rule) &&
    quantity <= largest(rule) &&
    quantity % packOf(rule) === 0
  );
}

/** What a typed quantity becomes: up to the next whole pack, never below the first or above the last. */
export function orderableQuantity(rule: QuantityRule, typed: number): number {
  if (!Number.isFinite(typed)) return firstQuantity(rule);
  const pack = packOf(rule);
  const rounded = Math.ceil(typed / pack) * pack;
  return Math.min(Math.max(rounded, firstQuantity(rule)), largest(rule));
}

/** One pack more (from an unorderable quantity, the next orderable one). */
export function stepUp(rule: QuantityRule, quantity: number): number {
  const orderable = orderableQuantity(rule, quantity);
  return orderable > quantity ? orderable : Math.min(orderable + packOf(rule), largest(rule));
}

/** One pack less, but never below the first orderable quantity. */
export function stepDown(rule: QuantityRule, quantity: number): number {
  const pack = packOf(rule);
  const below = Math.floor((quantity - 1) / pack) * pack;
  return Math.max(below, firstQuantity(rule));
}

/** The hint under a product: "Min 3 · packs of 6" and the like; null when anything goes. */
export function quantityHint(rule: QuantityRule): string | null {
  const parts: string[] = [];
  if (rule.min_order_quantity > 1) parts.push(`Min ${rule.min_order_quantity}`);
  if (rule.pack_size > 1) parts.push(`packs of ${rule.pack_size}`);
  if (parts.length === 0) return null;
  const hint = parts.join(' · ');
  return hint.charAt(0).toUpperCase() + hint.slice(1);
}
