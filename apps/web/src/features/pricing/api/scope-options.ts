import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listBrands, listCategories, MAX_PAGE_SIZE } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

export type ScopeKind = 'brand' | 'category';

const ENDPOINTS = { brand: listBrands, category: listCategories } as const;

/**
 * The brands or categories to choose from, by name: the largest page, narrowed on the server by
 * `search` when a merchant has more than one page of them.
 */
export function scopeOptionsQuery(organisationId: string | null, kind: ScopeKind, search: string | null) {
  return queryOptions({
    queryKey: scopedKey(organisationId, 'pricing', 'scope-options', kind, search ?? ''),
    queryFn: organisationId
      ? ({ signal }) =>
          request(ENDPOINTS[kind], {
            params: { id: organisationId },
            query: { limit: MAX_PAGE_SIZE, ...(search ? { search } : {}) },
            signal,
            organisationId,
          })
      : skipToken,
  });
}

export function useScopeOptions(kind: ScopeKind, search: string | null) {
  return useQuery(scopeOptionsQuery(useOrganisationId(), kind, search));
}
