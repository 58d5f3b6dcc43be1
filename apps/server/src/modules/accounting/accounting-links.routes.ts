import {
  ACCOUNTING_LINK_ENDPOINTS,
  ACCOUNTING_TAX_LINK_ENDPOINTS,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createContactLinks } from './accounting-contact-links.service.ts';
import { createItemLinks } from './accounting-item-links.service.ts';
import { createTaxLinks } from './accounting-tax-links.service.ts';

/**
 * `/{provider}/organisation/{id}/customers|products[/…]`, and Xero's `taxes[/{tid}]`: the links
 * between the merchant's records and its books. Admins only, as for the connection (SPEC §6): a
 * User or a customer organisation gets 403, another merchant 404.
 */
export function accountingLinksRoutes(app: FastifyInstance, deps: AppDeps) {
  const contacts = createContactLinks(deps);
  const items = createItemLinks(deps);
  const taxes = createTaxLinks(deps);
  const asAdmin = access.merchantReadingOrganisation({ org: 'id', level: 'Admin' });

  for (const provider of Object.keys(ACCOUNTING_LINK_ENDPOINTS) as ServedAccountingProvider[]) {
    const endpoints = ACCOUNTING_LINK_ENDPOINTS[provider];
    const inBooks = (actor: { organisationId: string }) => ({ merchantId: actor.organisationId, provider });

    registerEndpoint(app, endpoints.listCustomers, {
      access: asAdmin,
      handler: async ({ actor, query }) => contacts.list({ ...inBooks(actor), ...query }),
    });
    registerEndpoint(app, endpoints.changeCustomers, {
      access: asAdmin,
      handler: async ({ actor, body }) =>
        contacts.change({ ...inBooks(actor), userId: actor.userId, input: body }),
    });
    registerEndpoint(app, endpoints.linkCustomer, {
      access: asAdmin,
      handler: async ({ actor, params, body }) =>
        contacts.link({
          ...inBooks(actor),
          userId: actor.userId,
          customerId: params.cid,
          externalId: body.external_id,
        }),
    });
    registerEndpoint(app, endpoints.unlinkCustomer, {
      access: asAdmin,
      handler: async ({ actor, params }) => contacts.unlink({ ...inBooks(actor), customerId: params.cid }),
    });

    registerEndpoint(app, endpoints.listProducts, {
      access: asAdmin,
      handler: async ({ actor, query }) => items.list({ ...inBooks(actor), ...query }),
    });
    registerEndpoint(app, endpoints.changeProducts, {
      access: asAdmin,
      handler: async ({ actor, body }) =>
        items.change({ ...inBooks(actor), userId: actor.userId, input: body }),
    });
    registerEndpoint(app, endpoints.linkProduct, {
      access: asAdmin,
      handler: async ({ actor, params, body }) =>
        items.link({
          ...inBooks(actor),
          userId: actor.userId,
          productId: params.pid,
          externalId: body.external_id,
        }),
    });
    registerEndpoint(app, endpoints.unlinkProduct, {
      access: asAdmin,
      handler: async ({ actor, params }) => items.unlink({ ...inBooks(actor), productId: params.pid }),
    });
  }

  for (const provider of Object.keys(
    ACCOUNTING_TAX_LINK_ENDPOINTS,
  ) as (keyof typeof ACCOUNTING_TAX_LINK_ENDPOINTS)[]) {
    const endpoints = ACCOUNTING_TAX_LINK_ENDPOINTS[provider];
    const inBooks = (actor: { organisationId: string }) => ({ merchantId: actor.organisationId, provider });

    registerEndpoint(app, endpoints.listTaxes, {
      access: asAdmin,
      handler: async ({ actor }) => taxes.list(inBooks(actor)),
    });
    registerEndpoint(app, endpoints.linkTax, {
      access: asAdmin,
      handler: async ({ actor, params, body }) =>
        taxes.link({ ...inBooks(actor), userId: actor.userId, taxRuleId: params.tid, taxId: body.tax_id }),
    });
    registerEndpoint(app, endpoints.unlinkTax, {
      access: asAdmin,
      handler: async ({ actor, params }) => taxes.unlink({ ...inBooks(actor), taxRuleId: params.tid }),
    });
  }
}
