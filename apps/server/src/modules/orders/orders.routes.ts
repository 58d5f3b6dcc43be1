import {
  bulkUpdateOrderStatus,
  getOrder,
  listOrders,
  removeOrderLine,
  searchOrders,
  setOrderDeliveryFee,
  setOrderLine,
  updateOrder,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createOrderBulkStatusService } from './order-bulk-status.service.ts';
import { createOrderLinesService } from './order-lines.service.ts';
import { createOrderUpdateService } from './order-update.service.ts';
import { createOrdersService } from './orders.service.ts';

/**
 * Placed orders. Lists: any member of the merchant (its orders) or of a customer organisation (its
 * own). One order: a member of either party to it; anyone else 404. Changes are the merchant's:
 * a member of the order's customer gets 403 (it can read the order, so the refusal reveals
 * nothing), anyone else 404.
 */
export function ordersRoutes(app: FastifyInstance, deps: AppDeps) {
  const orders = createOrdersService(deps);
  const updates = createOrderUpdateService(deps);
  const lines = createOrderLinesService(deps);
  const bulk = createOrderBulkStatusService(deps);
  // The organisation's row comes with the membership check: its time zone dates the filters.
  const listReader = access.memberReadingOrganisation({ org: 'id' });
  const party = access.partyTo({ record: 'order', param: 'id' });
  const orderMerchant = access.partyTo({ record: 'order', param: 'id', kind: 'MERCHANT' });

  registerEndpoint(app, listOrders, {
    access: listReader,
    handler: async ({ actor, query }) => orders.list(actor, query),
  });

  registerEndpoint(app, searchOrders, {
    access: listReader,
    handler: async ({ actor, query }) => orders.search(actor, query),
  });

  registerEndpoint(app, getOrder, {
    access: party,
    handler: async ({ actor, params }) => orders.get(actor, params.id),
  });

  registerEndpoint(app, updateOrder, {
    access: orderMerchant,
    handler: async ({ actor, params, body }) =>
      updates.update({
        merchantId: actor.organisationId,
        orderId: params.id,
        userId: actor.userId,
        input: body,
      }),
  });

  registerEndpoint(app, setOrderLine, {
    access: orderMerchant,
    handler: async ({ actor, params, body }) =>
      lines.setLine({
        merchantId: actor.organisationId,
        orderId: params.id,
        productId: params.pid,
        userId: actor.userId,
        version: body.version,
        quantity: body.quantity,
      }),
  });

  registerEndpoint(app, removeOrderLine, {
    access: orderMerchant,
    handler: async ({ actor, params, query }) =>
      lines.removeLine({
        merchantId: actor.organisationId,
        orderId: params.id,
        productId: params.pid,
        userId: actor.userId,
        version: query.version,
      }),
  });

  registerEndpoint(app, setOrderDeliveryFee, {
    access: orderMerchant,
    handler: async ({ actor, params, body }) =>
      lines.setDeliveryFee({
        merchantId: actor.organisationId,
        orderId: params.id,
        userId: actor.userId,
        version: body.version,
        deliveryFeeCents: body.delivery_fee_cents,
      }),
  });

  registerEndpoint(app, bulkUpdateOrderStatus, {
    access: access.merchant({ org: 'id' }),
    handler: async ({ actor, params, body }) =>
      bulk.move({
        merchantId: actor.organisationId,
        userId: actor.userId,
        to: params.status,
        orderIds: body.order_ids,
      }),
  });
}
