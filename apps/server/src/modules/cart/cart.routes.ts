import {
  clearCart,
  getCart,
  placeOrder,
  removeCartLine,
  reorder,
  setCartLine,
  updateCart,
} from '@tradeport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { requireIdempotencyKey } from '../../platform/http/idempotency-key.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access, type CustomerAccountActor } from '../../platform/tenancy/access.ts';
import { presentedCustomerView } from '../../platform/tenancy/customer-view-cookie.ts';
import { cartOwnerOf } from './cart-owner.ts';
import { createCartService } from './cart.service.ts';
import { createPlaceOrderService } from './place-order.service.ts';
import { createReorderService } from './reorder.service.ts';

// The cart of a customer account and placing it. `{id}` of orders/cart/organisation/{id} is the
// merchant and `customer_organisation_id` the customer: the same account rule as the customer's
// catalogue, so whoever can browse as the customer can fill that side's cart, and nobody else
// learns that the cart exists (404).

const asAccount = access.customerAccount({ merchant: 'id', customer: { query: 'customer_organisation_id' } });
// The product's own merchant is the account's merchant; `merchant_id` must name the same one.
const asAccountOfProduct = access.customerAccount({
  merchant: { record: 'product', param: 'id' },
  customer: { query: 'customer_organisation_id' },
});

export function cartRoutes(app: FastifyInstance, deps: AppDeps) {
  const carts = createCartService(deps);
  const placing = createPlaceOrderService(deps);
  const reordering = createReorderService(deps, app.accessQueries);
  const ownerOf = (actor: CustomerAccountActor, request: FastifyRequest) =>
    cartOwnerOf(actor, { customerView: presentedCustomerView(request), accessQueries: app.accessQueries });
  const ownerOfProductLine = (actor: CustomerAccountActor, request: FastifyRequest, merchantId: string) => {
    if (actor.merchantId !== merchantId) throw notFound('Product');
    return ownerOf(actor, request);
  };

  registerEndpoint(app, getCart, {
    access: asAccount,
    handler: async ({ actor, request }) => carts.get(await ownerOf(actor, request)),
  });

  registerEndpoint(app, updateCart, {
    access: asAccount,
    handler: async ({ actor, body, request }) =>
      carts.updateDetails(await ownerOf(actor, request), {
        version: body.version,
        shippingMethodId: body.shipping_method_id,
        requestedDeliveryDate: body.requested_delivery_date,
        notes: body.notes,
        purchaseOrderNumber: body.purchase_order_number,
      }),
  });

  registerEndpoint(app, clearCart, {
    access: asAccount,
    handler: async ({ actor, request }) => carts.clear(await ownerOf(actor, request)),
  });

  registerEndpoint(app, setCartLine, {
    access: asAccountOfProduct,
    handler: async ({ actor, params, query, body, request }) =>
      carts.setLine(await ownerOfProductLine(actor, request, query.merchant_id), {
        productId: params.id,
        quantity: body.quantity,
      }),
  });

  registerEndpoint(app, removeCartLine, {
    access: asAccountOfProduct,
    handler: async ({ actor, params, query, request }) =>
      carts.removeLine(await ownerOfProductLine(actor, request, query.merchant_id), params.id),
  });

  registerEndpoint(app, placeOrder, {
    access: asAccount,
    handler: async ({ actor, body, request, setStatus }) => {
      const key = requireIdempotencyKey(request, 'per order');
      const placed = await placing.place({
        owner: await ownerOf(actor, request),
        key,
        expectedTotalCents: body.expected_total_cents,
      });
      if (placed.isReplay) setStatus(200);
      return placed.order;
    },
  });

  // Any signed-in person: whether they may act for the order's customer is the account rule,
  // checked by the service once the order names its merchant and customer.
  registerEndpoint(app, reorder, {
    access: access.user(),
    handler: async ({ actor, params, request }) =>
      reordering.reorder({
        userId: actor.userId,
        orderId: params.id,
        customerView: presentedCustomerView(request),
      }),
  });
}
