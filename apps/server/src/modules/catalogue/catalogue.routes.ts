import { getCatalogueFacets, getCatalogueProduct, listCatalogue } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createCatalogueService } from './catalogue.service.ts';

/**
 * The customer's view of a merchant's catalogue. Every refusal is a 404 (no account, archived
 * account, not a member, hidden or archived product), so nothing confirms what exists.
 */
export function catalogueRoutes(app: FastifyInstance, deps: AppDeps) {
  const catalogue = createCatalogueService(deps);

  const asCustomer = access.customerAccount({
    merchant: 'id',
    customer: { query: 'customer_organisation_id' },
  });

  registerEndpoint(app, listCatalogue, {
    access: asCustomer,
    handler: async ({ actor, query }) => {
      const { customer_organisation_id: _customer, category_id, brand_id, ...page } = query;
      return catalogue.list(actor, { categoryId: category_id, brandId: brand_id, ...page });
    },
  });

  registerEndpoint(app, getCatalogueFacets, {
    access: asCustomer,
    handler: async ({ actor }) => catalogue.facets(actor),
  });

  // The product's own merchant is the one whose account counts.
  registerEndpoint(app, getCatalogueProduct, {
    access: access.customerAccount({ merchant: { record: 'product', param: 'id' }, customer: 'oid' }),
    handler: async ({ actor, params }) => catalogue.getProduct(actor, params.id),
  });
}
