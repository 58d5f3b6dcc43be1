import { z } from 'zod';
import { RecordId } from './ids.ts';
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
