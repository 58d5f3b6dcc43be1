import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listBrands, listCategories, listSuppliers, listUnitsOfMeasure } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { unitLabel } from '../model/format-product.ts';
import { productKeys, type VocabularyKind } from './product-keys.ts';

/** One choice in a brand, supplier, category or unit picker. */
export type VocabularyOption = { value: string; label: string };

/** A picker shows this many matches; typing narrows a longer list on the server. */
export const VOCABULARY_LIMIT = 50;

type LoadInput = {
  params: { id: string };
  query: { limit: number; search?: string };
  signal: AbortSignal;
  organisationId: string;
};

const named = (item: { id: string; name: string }): VocabularyOption => ({
  value: item.id,
  label: item.name,
});

const LOADERS: Record<VocabularyKind, (input: LoadInput) => Promise<VocabularyOption[]>> = {
  brands: async (input) => (await request(listBrands, input)).items.map(named),
  suppliers: async (input) => (await request(listSuppliers, input)).items.map(named),
  categories: async (input) => (await request(listCategories, input)).items.map(named),
  units: async (input) =>
    (await request(listUnitsOfMeasure, input)).items.map((unit) => ({
      value: unit.id,
      label: unitLabel(unit),
    })),
};

export function vocabularyQuery(organisationId: string | null, kind: VocabularyKind, search: string | null) {
  return queryOptions({
    queryKey: productKeys.vocabulary(organisationId, kind, search),
    queryFn: organisationId
      ? ({ signal }) =>
          LOADERS[kind]({
            params: { id: organisationId },
            query: { limit: VOCABULARY_LIMIT, ...(search ? { search } : {}) },
            signal,
            organisationId,
          })
      : skipToken,
  });
}

/** The first matches for `search` (all, by name, when null); fetched once the picker is used. */
export function useVocabulary(kind: VocabularyKind, search: string | null, options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return useQuery({
    ...vocabularyQuery(organisationId, kind, search),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}
