import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { TaxonomyItem, TaxonomyKind, TaxonomyValues } from '../model/taxonomy-kind.ts';
import { TAXONOMY_FORM_ERROR_CODES } from './taxonomy-error-codes.ts';
import { taxonomyKeys } from './taxonomy-keys.ts';

export function useUpdateTaxonomyItem<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues>(
  kind: TaxonomyKind<T, S, V>,
) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (input: { id: string; body: z.output<S> }) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      // Widened because a generic schema leaves request's input type unresolved. The body has
      // passed that schema in the form, and the client parses it again on the way out.
      const endpoint: Endpoint<z.ZodType, undefined, z.ZodType, z.ZodType<T>> = kind.endpoints.update;
      return request(endpoint, {
        params: { id: organisationId, [kind.idParam]: input.id },
        body: input.body,
        organisationId,
        handledErrorCodes: TAXONOMY_FORM_ERROR_CODES,
      });
    },
    // A rename can move the row in name order, and a category's move changes its parents' counts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxonomyKeys.kind(organisationId, kind.key) }),
  });
}
