import { pricingTierEndpoints, type TierItem } from '@tradeport/contract';
import type { GroupKind } from '#shared/product-groups/model/group-kind.ts';

/** Pricing tiers in the shared tier-and-group screens' terms. */
export const pricingKind: GroupKind<typeof TierItem> = {
  key: 'pricing',
  title: 'Pricing Tiers',
  detailTitle: 'Pricing Tier',
  singular: 'pricing tier',
  plural: 'pricing tiers',
  description: 'Price lists for your customers: wholesale, trade, key accounts.',
  explanation:
    'A pricing tier is a price list: customers in it pay its prices, and the base price for anything it doesn’t list.',
  deleteConsequence:
    'Its customers go back to paying base prices, and the prices it sets are deleted with it.',
  removeProductConsequence: (product, tier) =>
    `Customers in “${tier}” will pay the base price for ${product} from now on.`,
  removeCustomerConsequence: (customer, tier) =>
    `${customer} will pay base prices instead of the prices of “${tier}”.`,
  customersNote: 'A customer can be in only one pricing tier: adding moves them from their current tier.',
  endpoints: pricingTierEndpoints,
};
