import { GroupsScreen } from '#shared/product-groups/screens/groups-screen.tsx';
import { pricingKind } from '../model/pricing-kind.ts';

/** /pricing: the merchant's pricing tiers. */
export function PricingTiersScreen() {
  return <GroupsScreen kind={pricingKind} />;
}
