import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listMyMerchants } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { orderingKeys } from './ordering-keys.ts';

export function myMerchantsQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: orderingKeys.merchants(organisationId),
    queryFn: organisationId
      ? ({ signal }) => request(listMyMerchants, { signal, organisationId })
      : skipToken,
    staleTime: 5 * 60_000,
  });
}

/** The merchants the current customer organisation orders from (usually one: its portal's). */
export function useMyMerchants() {
  return useQuery(myMerchantsQuery(useOrganisationId()));
}
