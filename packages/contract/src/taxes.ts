import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { GstRoundingChoice } from './enums.ts';
import { RecordId } from './ids.ts';
import { GST_RATE_BASIS_POINTS } from './money.ts';
import { OrganisationParams } from './organisations.ts';
import { optionalText } from './text.ts';

// A merchant's taxes (SPEC §7 taxes/organisation/{id}, /tax-rule/{rid}): GST 10 % on taxable
// products by default and 0 on GST-free ones (a flag on the product), the merchant's choice of
// rounding, and rules that set another rate for chosen products or categories. Which rate a
// product gets is resolveGstRate (order-totals.ts); the server reads the rules in one query.

/** Most products, and most categories, one rule may name. */
export const MAX_TAX_RULE_MEMBERS = 1_000;
/** Most rules a merchant may have: GET answers them all, so the list stays one bounded answer. */
export const MAX_TAX_RULES = 100;

/** 1000 → "10", 1250 → "12.5", 333 → "3.33": a rate in basis points as a percentage. */
export function basisPointsToPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

export const TaxRateBasisPoints = z
  .number('Enter a rate')
  .int('Use at most two decimal places')
  .min(0, 'A rate cannot be negative')
  .max(10_000, 'A rate of 100 % at most');

const memberIds = (kind: 'product' | 'category', label: string) =>
  z
    .array(RecordId(kind))
    .max(MAX_TAX_RULE_MEMBERS, `At most ${MAX_TAX_RULE_MEMBERS.toLocaleString('en-AU')} ${label}`)
    .default([]);

/** A rule as created or edited: the whole set of its products and categories each time. */
export const TaxRuleInput = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(80),
  description: optionalText(500).default(null),
  rate_basis_points: TaxRateBasisPoints,
  product_ids: memberIds('product', 'products'),
  category_ids: memberIds('category', 'categories'),
});
export type TaxRuleInput = z.input<typeof TaxRuleInput>;

export const TaxRuleSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  rate_basis_points: z.number().int(),
  product_count: z.number().int(),
  category_count: z.number().int(),
  version: z.number().int(),
  updated_at: z.iso.datetime(),
});
export type TaxRuleSummary = z.infer<typeof TaxRuleSummary>;

export const TaxRuleProduct = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  is_active: z.boolean(),
});
export const TaxRuleCategory = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The parent's name for a sub-category ("Drinks › Juice" on screens), else null. */
  parent_name: z.string().nullable(),
});

/** One rule with its members, by name. */
export const TaxRule = TaxRuleSummary.extend({
  products: z.array(TaxRuleProduct),
  categories: z.array(TaxRuleCategory),
});
export type TaxRule = z.infer<typeof TaxRule>;

/** The merchant's tax settings and every rule (at most MAX_TAX_RULES), by name. */
export const TaxSettings = z.object({
  gst_rounding: GstRoundingChoice,
  /** GST's rate on a taxable product with no rule: 10 %. */
  default_rate_basis_points: z.literal(GST_RATE_BASIS_POINTS),
  is_advanced_tax_enabled: z.boolean(),
  /** The organisation's version: the settings live on it, so an edit names it (stale → 409). */
  version: z.number().int(),
  rules: z.array(TaxRuleSummary),
});
export type TaxSettings = z.infer<typeof TaxSettings>;

export const TaxSettingsInput = z.object({
  gst_rounding: GstRoundingChoice,
  version: z.number().int().min(1),
});

export const TaxRuleParams = OrganisationParams.extend({ rid: RecordId('tax rule') });

const tags = ['taxes'];
const collection = '/taxes/organisation/{id}';
const record = `${collection}/tax-rule/{rid}`;
const ONE_RULE_EACH =
  'A product, and a category, may be in one rule only: one already in another rule answers 409 ' +
  'CONFLICT naming that rule. Another merchant’s product or category id answers 404 and nothing changes.';

export const getTaxSettings = defineEndpoint({
  method: 'GET',
  path: collection,
  summary: 'The merchant’s GST rounding and its tax rules, by name',
  tags,
  auth: 'user',
  params: OrganisationParams,
  response: TaxSettings,
});

export const updateTaxSettings = defineEndpoint({
  method: 'PUT',
  path: collection,
  summary: 'Choose per-line or per-invoice GST rounding (Admins); a stale version answers 409 CONFLICT',
  description: 'Orders keep the rounding they were placed with; the choice applies to carts and new orders.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: TaxSettingsInput,
  response: TaxSettings,
});

export const createTaxRule = defineEndpoint({
  method: 'POST',
  path: collection,
  summary: 'Add a tax rule (Admins): a rate for chosen products and categories',
  description: `${ONE_RULE_EACH} A name already used answers 409 CONFLICT; a merchant has at most ${MAX_TAX_RULES} rules.`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: TaxRuleInput,
  response: TaxRule,
  status: 201,
});

export const getTaxRule = defineEndpoint({
  method: 'GET',
  path: record,
  summary: 'One tax rule with its products and categories',
  tags,
  auth: 'user',
  params: TaxRuleParams,
  response: TaxRule,
});

export const updateTaxRule = defineEndpoint({
  method: 'PUT',
  path: record,
  summary: 'Change a tax rule (Admins), its members replaced by the lists sent; a stale version answers 409',
  description: ONE_RULE_EACH,
  tags,
  auth: 'user',
  params: TaxRuleParams,
  body: TaxRuleInput.extend({ version: z.number().int().min(1) }),
  response: TaxRule,
});

export const deleteTaxRule = defineEndpoint({
  method: 'DELETE',
  path: record,
  summary: 'Delete a tax rule (Admins); its products go back to GST by their own flag',
  tags,
  auth: 'user',
  params: TaxRuleParams,
  response: z.object({ deleted: z.literal(true) }),
});
