import { useMutation } from '@tanstack/react-query';
import { exportProducts } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { saveTextFile } from '#lib/save-file.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { filtersQuery } from './list-products.ts';
import type { ProductListFilters } from './product-keys.ts';

/** products-2025-03-04.csv, dated in the person's own time zone. */
export function exportFilename(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `products-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Downloads the products the list's filters select, as the CSV the import reads. */
export function useExportProducts() {
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: async (filters: ProductListFilters) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      const text = await request(exportProducts, {
        params: { id: organisationId },
        query: filtersQuery(filters),
        organisationId,
      });
      saveTextFile({ text, filename: exportFilename(new Date()), type: 'text/csv;charset=utf-8' });
    },
  });
}
