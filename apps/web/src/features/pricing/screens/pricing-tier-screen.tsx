import { GroupDetailScreen } from '#shared/product-groups/screens/group-detail-screen.tsx';
import { TierProductsPanel } from '../components/tier-products-panel.tsx';
import { pricingKind } from '../model/pricing-kind.ts';

/** /pricing/:tierId: one tier, its prices and its customers. */
export function PricingTierScreen() {
  return (
    <GroupDetailScreen
      kind={pricingKind}
      idParam="tierId"
      renderProducts={(panel) => <TierProductsPanel {...panel} />}
    />
  );
}
