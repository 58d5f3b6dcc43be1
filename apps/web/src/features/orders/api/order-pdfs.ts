import { useMutation } from '@tanstack/react-query';
import { bulkOrderPdf, type OrderDocumentType } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { saveFile } from '#lib/save-file.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

export type OrderPdfType = OrderDocumentType;

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
