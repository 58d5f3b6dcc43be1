import {
  createCustomer,
  getCustomer,
  getCustomerSettings,
  getHouseAccount,
  inviteCustomerUser,
  listCustomers,
  listCustomerUsers,
  updateCustomer,
  updateCustomerSettings,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { loadCaller } from '../../platform/auth/authenticate.ts';
import { forbidden } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { listCustomers as listCustomerPage } from './customer-list.service.ts';
import { createCustomersService, isDefaultPaymentSettings } from './customers.service.ts';

/** The merchant side of customers: every route needs a member of the merchant organisation. */
export function customersRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createCustomersService(deps);
  const { db } = deps.database;
  const merchant = access.merchant({ org: 'id' });

  registerEndpoint(app, listCustomers, {
    access: merchant,
    handler: async ({ actor, query }) =>
      listCustomerPage(deps, { merchantId: actor.organisationId, ...query }),
  });

  registerEndpoint(app, createCustomer, {
    access: merchant,
    handler: async ({ actor, body }) => {
      const { invite_email, payment_settings, ...details } = body;
      // Payment terms and credit are an Admin's call (as in updateCustomerSettings), also at creation.
      if (payment_settings && actor.level !== 'Admin' && !isDefaultPaymentSettings(payment_settings)) {
        throw forbidden('Only an Admin can set a customer’s payment settings.');
      }
      return service.create({
        merchantId: actor.organisationId,
        details,
        paymentSettings: payment_settings,
        inviteEmail: invite_email,
        invitedBy: await loadCaller(db, actor.userId),
      });
    },
  });

  // Registered before /customers/{cid}; the router prefers the static segment anyway.
  registerEndpoint(app, getHouseAccount, {
    access: merchant,
    handler: async ({ actor }) => service.getHouseAccount(actor.organisationId),
  });

  registerEndpoint(app, getCustomer, {
    access: merchant,
    handler: async ({ actor, params }) => service.get(actor.organisationId, params.cid),
  });

  registerEndpoint(app, updateCustomer, {
    access: merchant,
    handler: async ({ actor, params, body }) => {
      const { archived, version, ...details } = body;
      return service.update({
        merchantId: actor.organisationId,
        customerId: params.cid,
        details,
        archived,
        version,
      });
    },
  });

  registerEndpoint(app, getCustomerSettings, {
    access: merchant,
    handler: async ({ actor, params }) => service.getSettings(actor.organisationId, params.cid),
  });

  registerEndpoint(app, updateCustomerSettings, {
    access: access.merchant({ org: 'id', level: 'Admin' }),
    handler: async ({ actor, params, body }) =>
      service.updateSettings({ merchantId: actor.organisationId, customerId: params.cid, settings: body }),
  });

  registerEndpoint(app, listCustomerUsers, {
    access: merchant,
    handler: async ({ actor, params }) => service.listUsers(actor.organisationId, params.cid),
  });

  registerEndpoint(app, inviteCustomerUser, {
    access: merchant,
    handler: async ({ actor, params, body }) =>
      service.inviteUser({
        merchantId: actor.organisationId,
        customerId: params.cid,
        email: body.email,
        level: body.user_level,
        invitedBy: await loadCaller(db, actor.userId),
      }),
  });
}
