// The two rules that decide what a customer sees and pays. The server applies the visibility rule
// inside its SQL (so a hidden product never leaves the database); this predicate is the rule's
// statement, which the SQL is property-tested against.

/**
 * Price rule: a customer pays its tier's price for a product when the tier has one, else the
 * product's base price. Used by the portal, order creation and invoices — nowhere else decides.
 */
export function resolveUnitPrice(prices: {
  basePriceCents: number;
  /** The customer's tier's price for this product; null when no tier or no price in it. */
  tierPriceCents: number | null | undefined;
}): number {
  return prices.tierPriceCents ?? prices.basePriceCents;
}

/**
 * Visibility rule: a customer sees an active product that is in no group, or in a group the
 * customer belongs to.
 */
export function isProductVisibleTo(facts: {
  isProductActive: boolean;
  productGroupIds: readonly string[];
  customerGroupIds: readonly string[];
}): boolean {
  if (!facts.isProductActive) return false;
  if (facts.productGroupIds.length === 0) return true;
  const customerGroups = new Set(facts.customerGroupIds);
  return facts.productGroupIds.some((groupId) => customerGroups.has(groupId));
}
