/** "Kilogram (kg)": how a unit is named in pickers and on the product. */
export function unitLabel(unit: { name: string; abbreviation: string }): string {
  return `${unit.name} (${unit.abbreviation})`;
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** "Used by 3 orders and 2 pricing tiers", or null for a product nothing uses. */
export function usageText(usage: {
  order_count: number;
  pricing_tier_count: number;
  visibility_group_count: number;
}): string | null {
  const parts = [
    usage.order_count > 0 && counted(usage.order_count, 'order'),
    usage.pricing_tier_count > 0 && counted(usage.pricing_tier_count, 'pricing tier'),
    usage.visibility_group_count > 0 && counted(usage.visibility_group_count, 'visibility group'),
  ].filter((part) => part !== false);
  if (parts.length === 0) return null;
  const last = parts.pop();
  return `Used by ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`;
}
