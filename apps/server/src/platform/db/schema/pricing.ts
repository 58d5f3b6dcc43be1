import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { organisations } from './organisations.ts';
import { products } from './products.ts';

/** A named price list. A customer account points at most one tier (customer_accounts.pricing_tier_id). */
export const pricingTiers = pgTable(
  'pricing_tiers',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('pricing_tiers_merchant_name_key').on(t.merchantId, sql`lower(${t.name})`)],
);

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
