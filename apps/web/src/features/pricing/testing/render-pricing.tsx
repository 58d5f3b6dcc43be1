import { renderAsMerchant } from '#testing/render-routes.tsx';
import { PricingTierScreen } from '../screens/pricing-tier-screen.tsx';
import { PricingTiersScreen } from '../screens/pricing-tiers-screen.tsx';

export const PRICING = { segment: 'pricing', member: 'tier' } as const;

/** The pricing routes as the router has them, starting at `path`. */
export function renderPricing(path: string) {
  return renderAsMerchant(
    [
      { path: '/pricing', element: <PricingTiersScreen /> },
      { path: '/pricing/:tierId', element: <PricingTierScreen /> },
      { path: '/customers/:customerId', element: <p>Customer page</p> },
    ],
    path,
  );
}
