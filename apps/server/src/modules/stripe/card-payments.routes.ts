import {
  getCardPaymentSetup,
  getInvoicePaymentSetup,
  payByCard,
  payInvoiceByCard,
  quoteCardPayment,
  quoteInvoicePayment,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireIdempotencyKey } from '../../platform/http/idempotency-key.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access, type CustomerAccountActor, type MemberActor } from '../../platform/tenancy/access.ts';
import { cardPaymentSetup, type Payer } from './card-payer.ts';
import { createCardPaymentsService } from './card-payments.service.ts';

// Card payments of a customer's orders: by the customer in the portal (`card-payment`, `{id}` the
// merchant, the customer account rule as the cart's), and by the merchant's members taking a
// customer's card (`invoice-payment/{pid}`, `{pid}` the paying customer account; another
// merchant's customer is simply not found).

const asCustomerAccount = access.customerAccount({
  merchant: 'id',
  customer: { query: 'customer_organisation_id' },
});
const asMerchant = access.merchant({ org: 'id' });

const portalPayer = (actor: CustomerAccountActor): Payer => ({
  merchantId: actor.merchantId,
  customerAccountId: actor.customerAccountId,
  userId: actor.userId,
});

const merchantPayer = (actor: MemberActor, customerAccountId: string): Payer => ({
  merchantId: actor.organisationId,
  customerAccountId,
  userId: actor.userId,
});

export function cardPaymentsRoutes(app: FastifyInstance, deps: AppDeps) {
  const cards = createCardPaymentsService(deps);

  registerEndpoint(app, getCardPaymentSetup, {
    access: asCustomerAccount,
    handler: async ({ actor }) => cardPaymentSetup(deps, portalPayer(actor)),
  });

  registerEndpoint(app, quoteCardPayment, {
    access: asCustomerAccount,
    handler: async ({ actor, body }) =>
      cards.quote(portalPayer(actor), {
        orderIds: body.order_ids,
        confirmationToken: body.confirmation_token,
      }),
  });

  registerEndpoint(app, payByCard, {
    access: asCustomerAccount,
    handler: async ({ actor, body, request, setStatus }) => {
      const key = requireIdempotencyKey(request, 'per payment');
      const paid = await cards.pay(
        portalPayer(actor),
        {
          orderIds: body.order_ids,
          confirmationToken: body.confirmation_token,
          expectedTotalCents: body.expected_total_cents,
        },
        key,
      );
      if (paid.isReplay) setStatus(200);
      return paid.result;
    },
  });

  registerEndpoint(app, getInvoicePaymentSetup, {
    access: asMerchant,
    handler: async ({ actor, params }) => cardPaymentSetup(deps, merchantPayer(actor, params.pid)),
  });

  registerEndpoint(app, quoteInvoicePayment, {
    access: asMerchant,
    handler: async ({ actor, params, body }) =>
      cards.quote(merchantPayer(actor, params.pid), {
        orderIds: body.order_ids,
        confirmationToken: body.confirmation_token,
      }),
  });

  registerEndpoint(app, payInvoiceByCard, {
    access: asMerchant,
    handler: async ({ actor, params, body, request, setStatus }) => {
      const key = requireIdempotencyKey(request, 'per payment');
      const paid = await cards.pay(
        merchantPayer(actor, params.pid),
        {
          orderIds: body.order_ids,
          confirmationToken: body.confirmation_token,
          expectedTotalCents: body.expected_total_cents,
        },
        key,
      );
      if (paid.isReplay) setStatus(200);
      return paid.result;
    },
  });
}
