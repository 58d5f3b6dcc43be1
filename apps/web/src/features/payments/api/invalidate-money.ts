import { type QueryClient } from '@tanstack/react-query';
import { scopedKey } from '#lib/query-keys.ts';

/**
 * After money moves, everything the organisation has on screen may have changed: payments and
 * credits, the orders' payment statuses and what they owe, balances and overviews of other
 * features. The organisation's whole cache is marked stale; only what is on screen is fetched again.
 */
export function refreshAfterMoneyMoved(queryClient: QueryClient, organisationId: string | null) {
  return queryClient.invalidateQueries({ queryKey: scopedKey(organisationId) });
}
