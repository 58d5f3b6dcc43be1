import { bigint, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { namedListColumns, uniqueNamePerMerchant } from './merchant-columns.ts';
import { products } from './products.ts';

/** A named price list. A customer account points at one tier at most (customer_accounts.pricing_tier_id). */
export const pricingTiers = pgTable('pricing_tiers', namedListColumns(), (t) => [
  uniqueNamePerMerchant('pricing_tiers_merchant_name_key', t),
]);

/** A tier's price for one product, ex-GST cents. No row means the product's base price applies. */
export const tierPrices = pgTable(
  'tier_prices',
  {
    tierId: uuid()
      .notNull()
      .references(() => pricingTiers.id, { onDelete: 'cascade' }),
    // Restrict: a product in a tier is in use and can be archived, not deleted.
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    priceCents: bigint({ mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tierId, t.productId] }), index('tier_prices_product_idx').on(t.productId)],
);
