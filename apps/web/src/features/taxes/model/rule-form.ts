import { basisPointsToPercent, type TaxRule } from '@tradeport/contract';

/** A product as the rule form lists it (its name and SKU shown, its id sent). */
export type RuleProduct = { id: string; name: string; sku: string; is_active: boolean };

export type RuleFormValues = {
  name: string;
  description: string;
  /** As typed, e.g. "10" or "12.5". */
  rate_percent: string;
  category_ids: string[];
  products: RuleProduct[];
};

/** The wire's names for the fields the form names otherwise. */
export const RULE_FIELD_ALIASES = { rate_basis_points: 'rate_percent', product_ids: 'products' } as const;

export const RATE_MESSAGE = 'Enter a rate from 0 to 100 %, with at most two decimal places';

export function ruleValuesOf(rule: TaxRule | null): RuleFormValues {
  return {
    name: rule?.name ?? '',
    description: rule?.description ?? '',
    rate_percent: rule ? basisPointsToPercent(rule.rate_basis_points) : '',
    category_ids: rule?.categories.map((category) => category.id) ?? [],
    products: rule?.products ?? [],
  };
}

/** "12.5" → 1250; NaN for what is not a percentage of at most two decimals (RATE_MESSAGE says so). */
export function percentToRateBasisPoints(text: string): number {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  // Whole hundredths, from the digits rather than floating-point arithmetic (0.29 × 100 ≠ 29).
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function rateErrors(values: RuleFormValues): Partial<Record<keyof RuleFormValues, string>> {
  const basisPoints = percentToRateBasisPoints(values.rate_percent);
  return Number.isNaN(basisPoints) || basisPoints > 10_000 ? { rate_percent: RATE_MESSAGE } : {};
}

/** The form's values as the contract's rule input. */
export function ruleInputOf(values: RuleFormValues) {
  return {
    name: values.name,
    description: values.description,
    rate_basis_points: percentToRateBasisPoints(values.rate_percent),
    product_ids: values.products.map((product) => product.id),
    category_ids: values.category_ids,
  };
}
