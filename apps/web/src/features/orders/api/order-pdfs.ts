import { useMutation } from '@tanstack/react-query';
import { defineEndpoint, MAX_BULK_ORDERS, OrganisationParams, RecordId } from '@tradeport/contract';
import { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { saveFile } from '#lib/save-file.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

// TODO(lead, at merge): the order-docs helper adds this endpoint to the contract as
// packages/contract/src/order-documents.ts; use that one here and drop this local definition.
// Until then it is declared as SPEC §7 names it, so the call goes through the one API client.
export const ORDER_PDF_TYPES = ['invoice', 'packing-slip'] as const;
export type OrderPdfType = (typeof ORDER_PDF_TYPES)[number];

export const bulkOrderPdf = defineEndpoint({
  method: 'POST',
  path: '/orders/organisation/{id}/bulk-pdf/type/{type}',
  summary: 'One PDF of the chosen orders’ tax invoices or packing slips',
  tags: ['orders'],
  auth: 'user',
  params: OrganisationParams.extend({ type: z.enum(ORDER_PDF_TYPES) }),
  body: z.object({ order_ids: z.array(RecordId('order')).min(1).max(MAX_BULK_ORDERS) }),
  // The client reads an application/pdf answer as a Blob (lib/http.ts).
  response: z.instanceof(Blob),
});

const FILE_NAMES: Record<OrderPdfType, string> = { invoice: 'invoices', 'packing-slip': 'packing-slips' };

/** "invoice-1042.pdf" for one order, "invoices-3-orders.pdf" for several. */
export function pdfFilename(type: OrderPdfType, orders: readonly { number: number }[]): string {
  const [only] = orders;
  if (orders.length === 1 && only) return `${type}-${only.number}.pdf`;
  return `${FILE_NAMES[type]}-${orders.length}-orders.pdf`;
}

/**
 * Downloads the tax invoices or packing slips of the chosen orders as one PDF, for the merchant
 * (any selection) or a customer (its own order's invoice).
 */
export function useDownloadOrderPdf() {
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: async (input: { type: OrderPdfType; orders: readonly { id: string; number: number }[] }) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      const blob = await request(bulkOrderPdf, {
        params: { id: organisationId, type: input.type },
        body: { order_ids: input.orders.map((order) => order.id) },
        organisationId,
      });
      saveFile({ blob, filename: pdfFilename(input.type, input.orders) });
    },
  });
}
