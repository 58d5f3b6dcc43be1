import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getCredit } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { paymentKeys } from './payment-keys.ts';

export function creditQuery(organisationId: string | null, creditId: string) {
  return queryOptions({
    queryKey: paymentKeys.credit(organisationId, creditId),
    queryFn:
      organisationId && creditId
        ? ({ signal }) =>
            request(getCredit, {
              params: { id: organisationId, cid: creditId },
              signal,
              organisationId,
              handledErrorCodes: ['NOT_FOUND', 'VALIDATION_ERROR'],
            })
        : skipToken,
  });
}

/** One credit with its lines, where it was applied and what the caller may do with it now. */
export function useCredit(creditId: string | null) {
  return useQuery(creditQuery(useOrganisationId(), creditId ?? ''));
}
