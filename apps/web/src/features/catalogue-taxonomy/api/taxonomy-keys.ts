import { scopedKey } from '#lib/query-keys.ts';
import type { TaxonomyKey } from '../model/taxonomy-kind.ts';

/**
 * Keys start with the organisation id, so one organisation's brands never show in another's.
 * Everything of one kind shares `kind(…)`, so a change invalidates its lists and, for categories,
 * the parent choices in one go.
 */
export const taxonomyKeys = {
  kind: (organisationId: string | null, kind: TaxonomyKey) =>
    scopedKey(organisationId, 'catalogue-taxonomy', kind),
  list: (organisationId: string | null, kind: TaxonomyKey, search: string | null) =>
    [...taxonomyKeys.kind(organisationId, kind), 'list', { search }] as const,
  topLevelCategories: (organisationId: string | null) =>
    [...taxonomyKeys.kind(organisationId, 'categories'), 'top-level'] as const,
};
