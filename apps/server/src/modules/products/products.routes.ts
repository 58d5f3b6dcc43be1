import {
  bulkProducts,
  changeProductState,
  createProduct,
  deleteProduct,
  exportProducts,
  getProduct,
  getProductDependencies,
  listProducts,
  searchProducts,
  updateProduct,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerDownload, registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createProductBulkService } from './product-bulk.service.ts';
import { createProductListing } from './product-listing.service.ts';
import { createProductsService } from './products.service.ts';

/**
 * A merchant's products. Any member of the merchant (Admin or User) may manage them; a member of
 * a customer organisation gets 403 on the merchant-scoped paths, anyone else 404.
 */
export function productsRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createProductsService(deps);
  const listing = createProductListing(deps);
  const bulk = createProductBulkService(deps);
  const merchant = access.merchant({ org: 'id' });
  // products/{id} names no organisation: the product's own merchant is the one to belong to.
  const productMerchant = access.ownerOf({ record: 'product', param: 'id', kind: 'MERCHANT' });

  registerEndpoint(app, listProducts, {
    access: merchant,
    handler: async ({ actor, query }) => {
      const { limit, cursor, sort, direction, with_total, ...filters } = query;
      return listing.list({
        merchantId: actor.organisationId,
        limit,
        cursor,
        filters,
        sort,
        direction,
        withTotal: with_total === 'true',
      });
    },
  });

  registerEndpoint(app, createProduct, {
    access: merchant,
    handler: async ({ actor, body }) =>
      service.create({ merchantId: actor.organisationId, userId: actor.userId, input: body }),
  });

  registerEndpoint(app, searchProducts, {
    access: merchant,
    handler: async ({ actor, query }) => listing.search({ merchantId: actor.organisationId, ...query }),
  });

  registerEndpoint(app, bulkProducts, {
    access: merchant,
    handler: async ({ actor, body }) =>
      bulk.run({ merchantId: actor.organisationId, userId: actor.userId, input: body }),
  });

  registerDownload(app, exportProducts, {
    access: merchant,
    filename: 'products.csv',
    handler: async ({ actor, query }) =>
      listing.exportCsv({ merchantId: actor.organisationId, filters: query }),
  });

  registerEndpoint(app, getProductDependencies, {
    access: merchant,
    handler: async ({ actor, query }) =>
      service.listDependencies({ merchantId: actor.organisationId, ids: query.product_ids }),
  });

  registerEndpoint(app, getProduct, {
    access: productMerchant,
    handler: async ({ actor, params }) => service.get({ merchantId: actor.organisationId, id: params.id }),
  });

  registerEndpoint(app, updateProduct, {
    access: productMerchant,
    handler: async ({ actor, params, body }) =>
      service.update({ merchantId: actor.organisationId, userId: actor.userId, id: params.id, input: body }),
  });

  registerEndpoint(app, deleteProduct, {
    access: productMerchant,
    handler: async ({ actor, params }) => service.remove({ merchantId: actor.organisationId, id: params.id }),
  });

  registerEndpoint(app, changeProductState, {
    access: productMerchant,
    handler: async ({ actor, params }) =>
      service.changeState({ merchantId: actor.organisationId, id: params.id, action: params.x }),
  });
}
