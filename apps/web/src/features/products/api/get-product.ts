import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getProduct } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { productKeys } from './product-keys.ts';

export function productQuery(organisationId: string | null, productId: string) {
  return queryOptions({
    queryKey: productKeys.detail(organisationId, productId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getProduct, {
            params: { id: productId },
            signal,
            organisationId,
            // The screen says "not found" itself.
            handledErrorCodes: ['NOT_FOUND'],
          })
      : skipToken,
  });
}

export function useProduct(productId: string, options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return useQuery({ ...productQuery(organisationId, productId), enabled: options.enabled });
}
