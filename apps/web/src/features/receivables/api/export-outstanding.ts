import { useMutation } from '@tanstack/react-query';
import { exportOutstandingOrders } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { saveTextFile } from '#lib/save-file.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { outstandingQueryOf } from './outstanding.ts';
import type { OutstandingFilters } from './receivable-keys.ts';

/** outstanding-payments-2025-03-04.csv, dated in the person's own time zone. */
export function outstandingFilename(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `outstanding-payments-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Downloads what the list's filters select (every page of it) as CSV. */
export function useExportOutstanding() {
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: async (filters: OutstandingFilters) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      const text = await request(exportOutstandingOrders, {
        params: { id: organisationId },
        query: outstandingQueryOf(filters),
        organisationId,
      });
      saveTextFile({ text, filename: outstandingFilename(new Date()), type: 'text/csv;charset=utf-8' });
    },
  });
}
