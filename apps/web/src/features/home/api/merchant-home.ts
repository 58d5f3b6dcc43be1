import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getMerchantHome } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

/** Keys start with the organisation id (DESIGN §5). */
export const homeKeys = {
  merchant: (organisationId: string | null) => scopedKey(organisationId, 'home', 'merchant'),
};

export function merchantHomeQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: homeKeys.merchant(organisationId),
    queryFn: organisationId
      ? ({ signal }) => request(getMerchantHome, { params: { id: organisationId }, signal, organisationId })
      : skipToken,
    // Today at a glance: fresh when the merchant comes back to it, not refetched while it sits.
    staleTime: 30_000,
  });
}

export function useMerchantHome() {
  return useQuery(merchantHomeQuery(useOrganisationId()));
}
