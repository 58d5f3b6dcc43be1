import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getCustomer } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { customerKeys } from './customer-keys.ts';

export function customerQuery(organisationId: string | null, customerId: string) {
  return queryOptions({
    queryKey: customerKeys.detail(organisationId, customerId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getCustomer, {
            params: { id: organisationId, cid: customerId },
            signal,
            organisationId,
            // The screen says "not found" itself.
            handledErrorCodes: ['NOT_FOUND'],
          })
      : skipToken,
  });
}

export function useCustomer(customerId: string, options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return useQuery({ ...customerQuery(organisationId, customerId), enabled: options.enabled });
}
