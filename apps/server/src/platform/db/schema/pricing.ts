import { bigint, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import {
  merchantId,
  merchantKey,
  merchantReference,
  namedListColumns,
  uniqueNamePerMerchant,
} from './merchant-columns.ts';
import { products } from './products.ts';

/** A named price list. A customer account points at one tier at most (customer_accounts.pricing_tier_id). */
export const pricingTiers = pgTable('pricing_tiers', namedListColumns(), (t) => [
  uniqueNamePerMerchant('pricing_tiers_merchant_name_key', t),
  merchantKey('pricing_tiers', t),
]);

/** A tier's price for one product, ex-GST cents. No row means the product's base price applies. */
export const tierPrices = pgTable(
  'tier_prices',
  {
    // The tier's merchant, so the tier and the product are both that merchant's (merchantReference).
    merchantId: merchantId(),
    tierId: uuid().notNull(),
    productId: uuid().notNull(),
    priceCents: bigint({ mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tierId, t.productId] }),
    index('tier_prices_product_idx').on(t.productId),
    merchantReference({
      name: 'tier_prices_tier_fk',
      columns: [t.merchantId, t.tierId],
      parent: pricingTiers,
      onDelete: 'cascade',
    }),
    // Restrict: a product in a tier is in use and can be archived, not deleted.
    merchantReference({
      name: 'tier_prices_product_fk',
      columns: [t.merchantId, t.productId],
      parent: products,
      onDelete: 'restrict',
    }),
  ],
);
