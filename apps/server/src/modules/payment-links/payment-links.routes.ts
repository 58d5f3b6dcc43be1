import {
  createPaymentLink,
  getPaymentLinkPage,
  listPaymentLinks,
  payPaymentLink,
  quotePaymentLink,
  revokePaymentLink,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireIdempotencyKey } from '../../platform/http/idempotency-key.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createPaymentLinksService } from './payment-links.service.ts';

// Payment links: made, listed and revoked by the merchant's members (Admin and User); read and
// paid by whoever holds the link, without signing in (the token is the only credential).

const asMerchant = access.merchant({ org: 'id' });

export function paymentLinksRoutes(app: FastifyInstance, deps: AppDeps) {
  const links = createPaymentLinksService(deps);

  registerEndpoint(app, createPaymentLink, {
    access: asMerchant,
    handler: async ({ actor, body }) =>
      links.create({
        merchantId: actor.organisationId,
        userId: actor.userId,
        customerAccountId: body.customer_id,
        orderId: body.order_id ?? null,
        expiresInDays: body.expires_in_days,
      }),
  });

  registerEndpoint(app, listPaymentLinks, {
    access: asMerchant,
    handler: async ({ actor, query }) =>
      links.list({
        merchantId: actor.organisationId,
        customerAccountId: query.customer_id,
        limit: query.limit,
        cursor: query.cursor,
      }),
  });

  registerEndpoint(app, revokePaymentLink, {
    access: asMerchant,
    handler: async ({ actor, params }) =>
      links.revoke({ merchantId: actor.organisationId, linkId: params.lid }),
  });

  registerEndpoint(app, getPaymentLinkPage, {
    access: access.public(),
    handler: async ({ params }) => links.page(params.token),
  });

  registerEndpoint(app, quotePaymentLink, {
    access: access.public(),
    handler: async ({ params, body }) => links.quote(params.token, body.confirmation_token),
  });

  registerEndpoint(app, payPaymentLink, {
    access: access.public(),
    handler: async ({ params, body, request, setStatus }) => {
      const key = requireIdempotencyKey(request, 'per payment');
      const paid = await links.pay(
        params.token,
        { confirmationToken: body.confirmation_token, expectedTotalCents: body.expected_total_cents },
        key,
      );
      if (paid.isReplay) setStatus(200);
      return paid.result;
    },
  });
}
