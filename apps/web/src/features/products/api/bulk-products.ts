import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkProducts } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { ApiError } from '#lib/api-error.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { filtersQuery } from './list-products.ts';
import { type ProductListFilters, productKeys } from './product-keys.ts';

export type BulkAction = 'archive' | 'restore' | 'delete';

/** The 409 of "all N matching" when the filter no longer matches the N confirmed. */
export const isMatchingChanged = (error: unknown) =>
  error instanceof ApiError &&
  error.code === 'CONFLICT' &&
  error.details.some((issue) => issue.path === 'body.expected_total');

/** Archive, restore or delete many products in one all-or-nothing call. */
export function useBulkProductAction() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (
      input:
        | { action: BulkAction; productIds: readonly string[] }
        | { action: BulkAction; matching: ProductListFilters; expectedTotal: number },
    ) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(bulkProducts, {
        params: { id: organisationId },
        // "All N matching": the server chooses the products by the list's filters, and refuses
        // (409) when they are no longer the N the person confirmed.
        body:
          'matching' in input
            ? {
                action: 'matching',
                apply: input.action,
                filters: filtersQuery(input.matching),
                expected_total: input.expectedTotal,
              }
            : { action: input.action, product_ids: [...input.productIds] },
        organisationId,
        // A delete of used products is refused with 409; the dialog shows why and offers archive.
        handledErrorCodes: input.action === 'delete' || 'matching' in input ? ['CONFLICT'] : [],
      });
    },
    onSuccess: async () => {
      // Each product's own page may be cached too, with its old status.
      await queryClient.invalidateQueries({ queryKey: productKeys.all(organisationId) });
    },
    onError: async (error) => {
      // The filter matches another number now: the list (and its total) is asked again.
      if (isMatchingChanged(error))
        await queryClient.invalidateQueries({ queryKey: productKeys.all(organisationId) });
    },
  });
}

/** Checks a CSV (dry run) or imports it; a file with bad rows answers 200 with its `errors`. */
export function useImportProducts() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (input: { csv: string; isDryRun: boolean }) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(bulkProducts, {
        params: { id: organisationId },
        body: { action: 'import', csv: input.csv, dry_run: input.isDryRun },
        organisationId,
        // Shown in the import dialog beside the file.
        handledErrorCodes: ['VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE'],
      });
    },
    onSuccess: async (result) => {
      // An import may add brands, suppliers, categories and units as well as products.
      if (result.is_written)
        await queryClient.invalidateQueries({ queryKey: productKeys.all(organisationId) });
    },
  });
}
