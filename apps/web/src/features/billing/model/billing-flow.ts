import { BILLING_FLOWS, type BillingFlow } from '@tradeport/contract';

/**
 * Where the screen was opened from, as the address says (`?flow=onboarding` from sign-up's payment
 * step); Settings otherwise. The API sends Checkout and the portal back to that flow's screen.
 */
export function flowFromSearch(search: URLSearchParams): BillingFlow {
  const flow = search.get('flow');
  return BILLING_FLOWS.find((known) => known === flow) ?? 'existing';
}
