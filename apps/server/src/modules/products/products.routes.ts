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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireUserId } from '../../platform/auth/authenticate.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { registerDownload, registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { requireMembership } from '../../platform/tenancy/membership.ts';
import { createProductBulkService } from './product-bulk.service.ts';
import { exportProductsCsv } from './product-export.ts';
import { findProductMerchantId, listProductRows, searchProductRows, toProduct } from './products.queries.ts';
import { createProductsService } from './products.service.ts';

/**
 * A merchant's products. Any member of the merchant (Admin or User) may manage them; a member of
 * a customer organisation gets 403 on the merchant-scoped paths, anyone else 404.
 */
export function productsRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createProductsService(deps);
  const bulk = createProductBulkService(deps);
  const { db } = deps.database;

  const requireMerchant = (request: FastifyRequest, organisationId: string) =>
    requireMembership({ db, userId: requireUserId(request), organisationId, kind: 'MERCHANT' });

  /**
   * products/{id} names no organisation: the product's own merchant is the one to belong to.
   * Not belonging reads as the product not existing, never as a 403 that confirms it does.
   */
  async function requireProductMerchant(request: FastifyRequest, productId: string) {
    const merchantId = await findProductMerchantId(db, productId);
    if (!merchantId) throw notFound('Product');
    try {
      await requireMerchant(request, merchantId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound('Product');
      throw error;
    }
    return merchantId;
  }

  registerEndpoint(app, listProducts, async ({ request, params, query }) => {
    await requireMerchant(request, params.id);
    const { limit, cursor, ...filters } = query;
    const page = await listProductRows(db, { merchantId: params.id, limit, cursor, filters });
    return { items: page.rows.map(toProduct), next_cursor: page.next_cursor };
  });

  registerEndpoint(app, createProduct, async ({ request, params, body }) => {
    await requireMerchant(request, params.id);
    return service.create({ merchantId: params.id, userId: requireUserId(request), input: body });
  });

  registerEndpoint(app, searchProducts, async ({ request, params, query }) => {
    await requireMerchant(request, params.id);
    const rows = await searchProductRows(db, { merchantId: params.id, ...query });
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        sku: row.sku,
        brand_name: row.brandName,
        base_price_cents: row.basePriceCents,
        is_active: row.isActive,
        image: row.image,
      })),
    };
  });

  registerEndpoint(app, bulkProducts, async ({ request, params, body }) => {
    await requireMerchant(request, params.id);
    return bulk.run({ merchantId: params.id, userId: requireUserId(request), input: body });
  });

  registerDownload(app, exportProducts, {
    filename: 'products.csv',
    handler: async ({ request, params, query }) => {
      await requireMerchant(request, params.id);
      return exportProductsCsv(db, { merchantId: params.id, filters: query });
    },
  });

  registerEndpoint(app, getProductDependencies, async ({ request, params, query }) => {
    await requireMerchant(request, params.id);
    return service.listDependencies({ merchantId: params.id, ids: query.product_ids });
  });

  registerEndpoint(app, getProduct, async ({ request, params }) => {
    const merchantId = await requireProductMerchant(request, params.id);
    return service.get({ merchantId, id: params.id });
  });

  registerEndpoint(app, updateProduct, async ({ request, params, body }) => {
    const merchantId = await requireProductMerchant(request, params.id);
    return service.update({ merchantId, userId: requireUserId(request), id: params.id, input: body });
  });

  registerEndpoint(app, deleteProduct, async ({ request, params }) => {
    const merchantId = await requireProductMerchant(request, params.id);
    return service.remove({ merchantId, id: params.id });
  });

  registerEndpoint(app, changeProductState, async ({ request, params }) => {
    const merchantId = await requireProductMerchant(request, params.id);
    return service.changeState({ merchantId, id: params.id, action: params.x });
  });
}
