import { bulkOrderPdf, orderDocumentFilename } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerDownload } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createOrderDocuments } from './order-documents.service.ts';

/**
 * Tax invoices and packing slips as one PDF. `{id}` is the merchant, for any of its orders, or a
 * customer organisation, for its own (so a café downloads its invoice with the id it acts as);
 * which orders are within reach is the service's check, made before any byte is sent.
 */
export function orderDocumentsRoutes(app: FastifyInstance, deps: AppDeps) {
  const documents = createOrderDocuments(deps);

  registerDownload(app, bulkOrderPdf, {
    access: access.member({ org: 'id' }),
    filename: ({ params }) => orderDocumentFilename(params.type),
    handler: async ({ actor, params, body }) =>
      documents.streamBulk({
        organisation: { id: actor.organisationId, kind: actor.kind },
        type: params.type,
        orderIds: body.order_ids,
      }),
  });
}
