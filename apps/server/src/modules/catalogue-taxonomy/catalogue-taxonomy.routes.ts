import {
  createBrand,
  createCategory,
  createSupplier,
  createUnitOfMeasure,
  deleteBrand,
  deleteCategory,
  deleteSupplier,
  deleteUnitOfMeasure,
  type Endpoint,
  listBrands,
  listCategories,
  listSuppliers,
  listUnitsOfMeasure,
  updateBrand,
  updateCategory,
  updateSupplier,
  updateUnitOfMeasure,
} from '@tradeport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireUserId } from '../../platform/auth/authenticate.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { requireMembership } from '../../platform/tenancy/membership.ts';
import { createTaxonomyService } from './catalogue-taxonomy.service.ts';
import {
  brandKind,
  categoryKind,
  supplierKind,
  type TaxonomyKind,
  type TaxonomyTable,
  unitOfMeasureKind,
} from './taxonomy-kinds.ts';

type Service = ReturnType<typeof createTaxonomyService>;

/** The contract's four endpoints for one kind, and the path parameter naming the record. */
type KindRoutes<T extends TaxonomyTable, I extends { name: string }, Item> = {
  kind: TaxonomyKind<T, I, Item>;
  idParam: string;
  list: Endpoint;
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
};

type ListQuery = { limit: number; cursor?: string; search?: string };

/**
 * Registers list, create, update and delete for one kind. The contract has already validated
 * params, query and body against that kind's schemas, so the casts below only name those shapes.
 */
function registerKind<T extends TaxonomyTable, I extends { name: string }, Item>(
  app: FastifyInstance,
  service: Service,
  requireMerchant: (request: FastifyRequest, organisationId: string) => Promise<unknown>,
  routes: KindRoutes<T, I, Item>,
) {
  const { kind, idParam } = routes;
  const paramsOf = (params: unknown) => params as { id: string } & Record<string, string>;

  registerEndpoint(app, routes.list, async ({ request, params, query }) => {
    const { id } = paramsOf(params);
    await requireMerchant(request, id);
    return service.list(kind, { merchantId: id, ...(query as ListQuery) });
  });

  registerEndpoint(app, routes.create, async ({ request, params, body }) => {
    const { id } = paramsOf(params);
    await requireMerchant(request, id);
    return service.create(kind, { merchantId: id, input: body as I });
  });

  registerEndpoint(app, routes.update, async ({ request, params, body }) => {
    const path = paramsOf(params);
    await requireMerchant(request, path.id);
    return service.update(kind, { merchantId: path.id, id: path[idParam]!, input: body as I });
  });

  registerEndpoint(app, routes.remove, async ({ request, params }) => {
    const path = paramsOf(params);
    await requireMerchant(request, path.id);
    return service.remove(kind, { merchantId: path.id, id: path[idParam]! });
  });
}

/**
 * A merchant's catalogue vocabulary. Any member of the merchant (Admin or User) may manage it;
 * a customer organisation's member gets 403, anyone else 404.
 */
export function catalogueTaxonomyRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createTaxonomyService(deps);
  const { db } = deps.database;
  const requireMerchant = (request: FastifyRequest, organisationId: string) =>
    requireMembership({ db, userId: requireUserId(request), organisationId, kind: 'MERCHANT' });
  const register = <T extends TaxonomyTable, I extends { name: string }, Item>(
    routes: KindRoutes<T, I, Item>,
  ) => registerKind(app, service, requireMerchant, routes);

  register({
    kind: brandKind,
    idParam: 'bid',
    list: listBrands,
    create: createBrand,
    update: updateBrand,
    remove: deleteBrand,
  });
  register({
    kind: supplierKind,
    idParam: 'sid',
    list: listSuppliers,
    create: createSupplier,
    update: updateSupplier,
    remove: deleteSupplier,
  });
  register({
    kind: unitOfMeasureKind,
    idParam: 'uid',
    list: listUnitsOfMeasure,
    create: createUnitOfMeasure,
    update: updateUnitOfMeasure,
    remove: deleteUnitOfMeasure,
  });
  register({
    kind: categoryKind,
    idParam: 'cid',
    list: listCategories,
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
  });
}
