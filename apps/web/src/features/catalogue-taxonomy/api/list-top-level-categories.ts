import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type Category, listCategories, MAX_PAGE_SIZE } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { taxonomyKeys } from './taxonomy-keys.ts';

/**
 * Stops reading after this many pages (2,000 categories). A merchant's category vocabulary is far
 * smaller in practice; the bound keeps a runaway list from turning into endless requests.
 */
const MAX_PAGES = 20;

/**
 * Every top-level category, for the parent choice and the Parent column. The API has no filter
 * for top-level only, so this reads the whole list, largest pages first, and keeps those without
 * a parent.
 */
async function readTopLevelCategories(organisationId: string, signal: AbortSignal): Promise<Category[]> {
  const topLevel: Category[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await request(listCategories, {
      params: { id: organisationId },
      query: { limit: MAX_PAGE_SIZE, cursor },
      signal,
      organisationId,
    });
    topLevel.push(...result.items.filter((category) => category.parent_id === null));
    if (!result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return topLevel;
}

export function topLevelCategoriesQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: taxonomyKeys.topLevelCategories(organisationId),
    queryFn: organisationId ? ({ signal }) => readTopLevelCategories(organisationId, signal) : skipToken,
  });
}

export function useTopLevelCategories() {
  return useQuery(topLevelCategoriesQuery(useOrganisationId()));
}
