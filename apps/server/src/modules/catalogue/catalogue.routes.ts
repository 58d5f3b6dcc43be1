import { getCatalogueProduct, listCatalogue } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireUserId } from '../../platform/auth/authenticate.ts';
import { notFound } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { findCatalogueViewer, findCatalogueViewerOfProduct } from './catalogue-viewer.ts';
import { findVisibleProductForCustomer, listCataloguePage } from './catalogue.queries.ts';

/**
 * The customer's view of a merchant's catalogue. Every refusal is a 404 (no account, archived
 * account, not a member, hidden or archived product), so nothing confirms what exists.
 */
export function catalogueRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;

  registerEndpoint(app, listCatalogue, async ({ request, params, query }) => {
    const { customer_organisation_id, category_id, ...page } = query;
    const viewer = await findCatalogueViewer(db, {
      userId: requireUserId(request),
      merchantId: params.id,
      customerOrganisationId: customer_organisation_id,
    });
    if (!viewer) throw notFound('Catalogue');
    return listCataloguePage(db, { viewer, categoryId: category_id, ...page });
  });

  registerEndpoint(app, getCatalogueProduct, async ({ request, params }) => {
    const viewer = await findCatalogueViewerOfProduct(db, {
      userId: requireUserId(request),
      productId: params.id,
      customerOrganisationId: params.oid,
    });
    const product = viewer && (await findVisibleProductForCustomer(db, { ...viewer, productId: params.id }));
    if (!product) throw notFound('Product');
    return product;
  });
}
