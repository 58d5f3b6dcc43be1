import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { RecordId } from './ids.ts';
import { applyBasisPoints } from './money.ts';
import { OrganisationParams } from './organisations.ts';
import { groupEndpoints, MAX_GROUP_BATCH } from './product-groups.ts';
import { PriceCents } from './products.ts';

// Pricing tiers: named price lists. A customer belongs to at most one tier; putting it in another
// moves it. The price rule itself is resolveUnitPrice (catalogue-rules.ts).

export const TierItem = z.object({
  product_id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  is_active: z.boolean(),
  base_price_cents: z.number().int(),
  /** The tier's price for the product, ex-GST cents. */
  price_cents: z.number().int(),
});
export type TierItem = z.infer<typeof TierItem>;

export const TierPriceInput = z.object({
  product_id: RecordId('product'),
  price_cents: PriceCents,
});
export type TierPriceInput = z.input<typeof TierPriceInput>;

/** Every endpoint of the kind, by role; the server and the screens take it whole. */
export const pricingTierEndpoints = groupEndpoints({
  segment: 'pricing',
  member: 'tier',
  label: 'pricing tier',
  tags: ['pricing'],
  item: TierItem,
  itemInput: TierPriceInput,
  itemsInput: z.object({
    /** Each product's new price in this tier; a product listed twice is refused. */
    items: z
      .array(TierPriceInput)
      .min(1, 'Set at least one price')
      .max(MAX_GROUP_BATCH)
      .refine((items) => new Set(items.map((item) => item.product_id)).size === items.length, {
        message: 'A product is listed more than once',
      }),
  }),
  itemSummary: 'Set one product’s price in the tier (Admins)',
  itemsSummary: 'Set many products’ prices in the tier at once (Admins)',
  customerSummary:
    'Put customers in the tier (Admins); each leaves the tier it was in, since a customer has at most one',
});

export const {
  list: listPricingTiers,
  create: createPricingTier,
  get: getPricingTier,
  update: updatePricingTier,
  remove: deletePricingTier,
  listItems: listTierItems,
  setItems: setTierItems,
  setItem: setTierItem,
  getProduct: getTierProduct,
  removeProduct: removeTierProduct,
  listCustomers: listTierCustomers,
  addCustomers: addTierCustomers,
  addCustomer: addTierCustomer,
  removeCustomer: removeTierCustomer,
} = pricingTierEndpoints;

// ——— A percentage off the base price, for a brand or a category at once ———

const PERCENT_OFF_MESSAGE = 'Percentage off must be from 0 to 100, with at most 2 decimals';

/** 12.5 (%) → 1250 basis points; the whole hundredths a percentage off is given in. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * The price at `basisPoints` hundredths of a percent off `baseCents`: the money rule's
 * applyBasisPoints (half-up to the cent), so 12.5 % off 4 cents is 3.5 → 4 cents. The server's one
 * statement that sets a brand's or category's tier prices computes exactly this.
 */
export function percentOffCents(baseCents: number, basisPoints: number): number {
  return applyBasisPoints(baseCents, 10_000 - basisPoints);
}

/** Most products one percent-off call may price; a brand or category with more is refused (400). */
export const MAX_PERCENT_OFF_PRODUCTS = 10_000;

export const TierPercentOffInput = z
  .object({
    /** Every current (not archived) product of this brand… */
    brand_id: RecordId('brand').optional(),
    /** …or of this category and its sub-categories. */
    category_id: RecordId('category').optional(),
    percent_off: z
      .number(PERCENT_OFF_MESSAGE)
      .min(0, PERCENT_OFF_MESSAGE)
      .max(100, PERCENT_OFF_MESSAGE)
      .refine(
        (percent) => Math.abs(percent * 100 - percentToBasisPoints(percent)) < 1e-6,
        PERCENT_OFF_MESSAGE,
      ),
  })
  .superRefine((input, context) => {
    if ((input.brand_id === undefined) === (input.category_id === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['brand_id'],
        message: 'Choose a brand or a category (one of them)',
      });
    }
  });
export type TierPercentOffInput = z.input<typeof TierPercentOffInput>;

export const setTierPercentOff = defineEndpoint({
  method: 'PUT',
  path: '/products/pricing/organisation/{id}/tier/{gid}/percent-off',
  summary:
    'Set the tier’s price of every current product of a brand or category to a percentage off its base price (Admins)',
  description:
    'One statement: each product of the brand (or of the category and its sub-categories) that is not archived gets an explicit tier price, its base price less `percent_off` %, rounded half-up to the cent. Products added to the brand or category later are not included: run it again to price them. Idempotent: the same call again changes nothing. `matched` is how many products now have that price, `changed` how many prices moved.',
  tags: ['pricing'],
  auth: 'user',
  params: OrganisationParams.extend({ gid: RecordId('pricing tier') }),
  body: TierPercentOffInput,
  response: z.object({ matched: z.number().int(), changed: z.number().int() }),
});
