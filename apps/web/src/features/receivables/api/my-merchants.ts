import { skipToken, useQuery } from '@tanstack/react-query';
import { listMyMerchants } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { receivableKeys } from './receivable-keys.ts';

/** The merchants a customer organisation owes (usually one); only asked for a customer. */
export function useMyMerchants(options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: receivableKeys.myMerchants(organisationId),
    queryFn:
      organisationId && options.enabled
        ? ({ signal }) => request(listMyMerchants, { signal, organisationId })
        : skipToken,
    staleTime: 5 * 60_000,
  });
}
