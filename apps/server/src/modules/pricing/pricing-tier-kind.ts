import type { setTierItems, TierItem, TierPriceInput } from '@tradeport/contract';
import type { z } from 'zod';
import type { GroupKind } from '../product-groups/group-kind.ts';
import { pricingTierStorage, type TierEntry } from './pricing-tier-storage.queries.ts';

/**
 * What a pricing tier adds to the shared group machinery: each product carries the tier's price,
 * and a customer is in at most one tier (pricing-tier-storage.queries.ts). What a customer then
 * pays is resolveUnitPrice's (contract), not decided here.
 */
export const pricingTierKind: GroupKind<
  z.output<NonNullable<typeof setTierItems.body>>,
  z.output<typeof TierPriceInput>,
  TierItem,
  TierEntry
> = {
  ...pricingTierStorage,
  label: 'Pricing tier',
  products: {
    ...pricingTierStorage.products,
    toItem: (row) => ({
      product_id: row.id,
      name: row.name,
      sku: row.sku,
      is_active: row.archivedAt === null,
      base_price_cents: row.basePriceCents,
      price_cents: Number(row.extras.priceCents),
    }),
    entriesOf: (input) =>
      input.items.map((item) => ({ productId: item.product_id, priceCents: item.price_cents })),
    entryOf: (input) => ({ productId: input.product_id, priceCents: input.price_cents }),
  },
};
