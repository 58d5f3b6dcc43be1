import { ORDER_DOCUMENT_LABELS, type OrderDocumentType } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { renderPdf, streamPdf } from '../../platform/pdf/pdf-stream.ts';
import type { OrganisationKind } from '../../platform/tenancy/membership.queries.ts';
import { type DocumentOrder, drawInvoice } from './invoice-pdf.ts';
import {
  countOrdersInScope,
  type DocumentLineRow,
  listDocumentLines,
  listDocumentOrders,
  type OrderScope,
} from './order-documents.queries.ts';
import { drawPackingSlip } from './packing-slip-pdf.ts';

/** Orders fetched and drawn at a time: enough to keep round trips few, small enough to keep memory flat. */
export const DOCUMENT_BATCH_SIZE = 100;

const DRAW = { invoice: drawInvoice, 'packing-slip': drawPackingSlip } as const;

/** The chosen orders with their lines, a batch at a time, oldest placed first (keyset on placed_at, id). */
async function* documentBatches(db: Db, options: { scope: OrderScope; ids: string[]; batchSize: number }) {
  const { batchSize, ...filter } = options;
  let after: { placedAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await listDocumentOrders(db, { ...filter, after, limit: batchSize });
    if (rows.length === 0) return;
    const lines = await listDocumentLines(db, { orderIds: rows.map((row) => row.id) });
    const byOrder = new Map<string, DocumentLineRow[]>();
    for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
    yield rows.map((row): DocumentOrder => ({ ...row, lines: byOrder.get(row.id) ?? [] }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { placedAt: last.placedAt, id: last.id };
  }
}

export function createOrderDocuments(deps: { database: { db: Db } }, options: { batchSize?: number } = {}) {
  const { db } = deps.database;
  const batchSize = options.batchSize ?? DOCUMENT_BATCH_SIZE;

  return {
    /**
     * One PDF of the chosen orders' documents. Every id must be an order of the organisation
     * (a merchant's, or a customer organisation's own), else 404 before any byte is sent.
     */
    async streamBulk(options: {
      organisation: { id: string; kind: OrganisationKind };
      type: OrderDocumentType;
      orderIds: string[];
    }): Promise<AsyncIterable<Buffer>> {
      const ids = [...new Set(options.orderIds)];
      const { organisation } = options;
      const scope: OrderScope =
        organisation.kind === 'MERCHANT'
          ? { merchantId: organisation.id }
          : { customerOrganisationId: organisation.id };
      const found = await countOrdersInScope(db, { scope, ids });
      if (found !== ids.length) {
        throw new AppError(
          'NOT_FOUND',
          ids.length === 1
            ? 'Order not found.'
            : `${ids.length - found} of the chosen orders were not found.`,
        );
      }
      const label = ORDER_DOCUMENT_LABELS[options.type];
      return streamPdf({
        title: ids.length === 1 ? label : `${label}s`,
        batches: documentBatches(db, { scope, ids, batchSize }),
        draw: DRAW[options.type],
      });
    },
  };
}

/** One order's tax invoice, whole in memory (for a mail attachment). */
export function renderInvoicePdf(order: DocumentOrder): Promise<Buffer> {
  return renderPdf({ title: 'Tax invoice', draw: drawInvoice, item: order });
}
