import {
  getPayment,
  listOrderPayments,
  listPayments,
  recordPayment,
  refundPayment,
  searchPayments,
  setPaymentState,
  voidPayment,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireIdempotencyKey } from '../../platform/http/idempotency-key.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createPaymentWritesService } from './payment-writes.service.ts';
import { createPaymentsService } from './payments.service.ts';

/**
 * Payments. Reading: any member of the merchant (its payments) or of a customer organisation (its
 * own, with each merchant); one order's payments, a member of either party to the order. Writing
 * is the merchant's members' (Admin and User): a customer organisation's members get 403 on their
 * own organisation, and anyone gets 404 for another organisation's ids.
 */
export function paymentsRoutes(app: FastifyInstance, deps: AppDeps) {
  const payments = createPaymentsService(deps);
  const writes = createPaymentWritesService(deps);
  const reader = access.member({ org: 'id' });
  const merchant = access.merchant({ org: 'id' });

  registerEndpoint(app, listPayments, {
    access: reader,
    handler: async ({ actor, query }) => payments.list(actor, query),
  });

  registerEndpoint(app, searchPayments, {
    access: reader,
    handler: async ({ actor, query }) => payments.search(actor, query),
  });

  registerEndpoint(app, listOrderPayments, {
    access: access.partyTo({ record: 'order', param: 'id' }),
    handler: async ({ actor, params }) => payments.forOrder(actor, params.id),
  });

  registerEndpoint(app, getPayment, {
    access: reader,
    handler: async ({ actor, params }) => payments.get(actor, params.pid),
  });

  registerEndpoint(app, recordPayment, {
    access: merchant,
    handler: async ({ actor, body, request, setStatus }) => {
      const key = requireIdempotencyKey(request, 'per payment');
      const recorded = await writes.record({
        merchantId: actor.organisationId,
        userId: actor.userId,
        key,
        input: body,
      });
      if (recorded.isReplay) setStatus(200);
      return recorded.payment;
    },
  });

  registerEndpoint(app, voidPayment, {
    access: merchant,
    // Voiding is idempotent by nature: a voided payment stays voided, and is answered again.
    handler: async ({ actor, params }) =>
      writes.void({ merchantId: actor.organisationId, paymentId: params.pid, userId: actor.userId }),
  });

  registerEndpoint(app, refundPayment, {
    access: merchant,
    handler: async ({ actor, params, body, request, setStatus }) => {
      const key = requireIdempotencyKey(request, 'per refund');
      const refunded = await writes.refund({
        merchantId: actor.organisationId,
        paymentId: params.pid,
        userId: actor.userId,
        key,
        input: body,
      });
      if (refunded.isReplay) setStatus(200);
      return refunded.payment;
    },
  });

  registerEndpoint(app, setPaymentState, {
    access: merchant,
    // Idempotent by nature: moving to the state it is in answers it unchanged.
    handler: async ({ actor, params, body }) =>
      writes.setState({
        merchantId: actor.organisationId,
        paymentId: params.pid,
        userId: actor.userId,
        input: body,
      }),
  });
}
