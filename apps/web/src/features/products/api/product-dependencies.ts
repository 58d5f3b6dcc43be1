import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getProductDependencies } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { productKeys } from './product-keys.ts';

export function productDependenciesQuery(organisationId: string | null, productIds: readonly string[]) {
  return queryOptions({
    queryKey: productKeys.dependencies(organisationId, productIds),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getProductDependencies, {
            params: { id: organisationId },
            query: { product_ids: productIds.join(',') },
            signal,
            organisationId,
          })
      : skipToken,
    // What uses a product changes elsewhere (orders, tiers): asked afresh each time it matters.
    staleTime: 0,
  });
}

/** What uses one product, asked only while a delete is being considered. */
export function useProductDependencies(productId: string, options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return useQuery({
    ...productDependenciesQuery(organisationId, [productId]),
    enabled: options.enabled,
    select: (answer) => answer.items.find((item) => item.product_id === productId) ?? null,
  });
}
