import type { ProductSort, ProductStatus, SortDirection } from '@tradeport/contract';
import { scopedKey } from '#lib/query-keys.ts';

/** What the list is narrowed by; null means "any". */
export type ProductListFilters = {
  search: string | null;
  brand_id: string | null;
  supplier_id: string | null;
  category_id: string | null;
  status: ProductStatus;
};

/** The list's order: a column and a direction (name, ascending by default). */
export type ProductListOrder = { sort: ProductSort; direction: SortDirection };

/** The vocabulary a product is described with, each fed by its own list endpoint. */
export type VocabularyKind = 'brands' | 'suppliers' | 'categories' | 'units';

/**
 * Keys start with the organisation id, so one organisation's products never show in another.
 * Everything sits under `all(…)`, so an import (which may add brands too) refreshes it in one go.
 */
export const productKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'products'),
  lists: (organisationId: string | null) => [...productKeys.all(organisationId), 'list'] as const,
  list: (organisationId: string | null, filters: ProductListFilters, order: ProductListOrder) =>
    [...productKeys.lists(organisationId), filters, order] as const,
  detail: (organisationId: string | null, productId: string) =>
    [...productKeys.all(organisationId), 'detail', productId] as const,
  dependencies: (organisationId: string | null, productIds: readonly string[]) =>
    [...productKeys.all(organisationId), 'dependencies', productIds] as const,
  vocabulary: (organisationId: string | null, kind: VocabularyKind, search: string | null) =>
    [...productKeys.all(organisationId), 'vocabulary', kind, { search }] as const,
};
