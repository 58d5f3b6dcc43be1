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
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
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

// Any member of the merchant (Admin or User) may manage its vocabulary.
const merchant = access.merchant({ org: 'id' });

/**
 * Registers list, create, update and delete for one kind. The contract has already validated
 * params, query and body against that kind's schemas, so the casts below only name those shapes.
 */
function registerKind<T extends TaxonomyTable, I extends { name: string }, Item>(
  app: FastifyInstance,
  service: Service,
  routes: KindRoutes<T, I, Item>,
) {
  const { kind, idParam } = routes;
  const recordId = (params: unknown) => (params as Record<string, string>)[idParam]!;

  registerEndpoint(app, routes.list, {
    access: merchant,
    handler: async ({ actor, query }) =>
      service.list(kind, { merchantId: actor.organisationId, ...(query as ListQuery) }),
  });

  registerEndpoint(app, routes.create, {
    access: merchant,
    handler: async ({ actor, body }) =>
      service.create(kind, { merchantId: actor.organisationId, input: body as I }),
  });

  registerEndpoint(app, routes.update, {
    access: merchant,
    handler: async ({ actor, params, body }) =>
      service.update(kind, { merchantId: actor.organisationId, id: recordId(params), input: body as I }),
  });

  registerEndpoint(app, routes.remove, {
    access: merchant,
    handler: async ({ actor, params }) =>
      service.remove(kind, { merchantId: actor.organisationId, id: recordId(params) }),
  });
}

/**
 * A merchant's catalogue vocabulary. Any member of the merchant (Admin or User) may manage it;
 * a customer organisation's member gets 403, anyone else 404.
 */
export function catalogueTaxonomyRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createTaxonomyService(deps);
  const register = <T extends TaxonomyTable, I extends { name: string }, Item>(
    routes: KindRoutes<T, I, Item>,
  ) => registerKind(app, service, routes);

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
