import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { TaxonomyItem, TaxonomyKind, TaxonomyValues } from '../model/taxonomy-kind.ts';
import { TAXONOMY_DELETE_ERROR_CODES } from './taxonomy-error-codes.ts';
import { taxonomyKeys } from './taxonomy-keys.ts';

export function useDeleteTaxonomyItem<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues>(
  kind: TaxonomyKind<T, S, V>,
) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (item: T) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(kind.endpoints.remove, {
        params: { id: organisationId, [kind.idParam]: item.id },
        organisationId,
        handledErrorCodes: TAXONOMY_DELETE_ERROR_CODES,
      });
    },
    // Refused or not, the list is read again: a 404 means someone else deleted it first, and a
    // refusal may come from counts the screen showed out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxonomyKeys.kind(organisationId, kind.key) }),
  });
}
