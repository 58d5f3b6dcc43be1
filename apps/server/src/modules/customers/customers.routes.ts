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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { loadCaller, requireUserId } from '../../platform/auth/authenticate.ts';
import { forbidden } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { requireMembership } from '../../platform/tenancy/membership.ts';
import { listCustomerPage } from './customers.queries.ts';
import { createCustomersService, isDefaultPaymentSettings } from './customers.service.ts';

/** The merchant side of customers: every route needs a member of the merchant organisation. */
export function customersRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createCustomersService(deps);
  const { db } = deps.database;

  const requireMerchant = (request: FastifyRequest, organisationId: string) =>
    requireMembership({ db, userId: requireUserId(request), organisationId, kind: 'MERCHANT' });

  registerEndpoint(app, listCustomers, async ({ request, params, query }) => {
    await requireMerchant(request, params.id);
    return listCustomerPage(db, { merchantId: params.id, ...query });
  });

  registerEndpoint(app, createCustomer, async ({ request, params, body }) => {
    const membership = await requireMerchant(request, params.id);
    const { invite_email, payment_settings, ...details } = body;
    // Payment terms and credit are an Admin's call (as in updateCustomerSettings), also at creation.
    if (payment_settings && membership.level !== 'Admin' && !isDefaultPaymentSettings(payment_settings)) {
      throw forbidden('Only an Admin can set a customer’s payment settings.');
    }
    return service.create({
      merchantId: params.id,
      details,
      paymentSettings: payment_settings,
      inviteEmail: invite_email,
      invitedBy: await loadCaller(db, request),
    });
  });

  // Registered before /customers/{cid}; the router prefers the static segment anyway.
  registerEndpoint(app, getHouseAccount, async ({ request, params }) => {
    await requireMerchant(request, params.id);
    return service.getHouseAccount(params.id);
  });

  registerEndpoint(app, getCustomer, async ({ request, params }) => {
    await requireMerchant(request, params.id);
    return service.get(params.id, params.cid);
  });

  registerEndpoint(app, updateCustomer, async ({ request, params, body }) => {
    await requireMerchant(request, params.id);
    const { archived, version, ...details } = body;
    return service.update({ merchantId: params.id, customerId: params.cid, details, archived, version });
  });

  registerEndpoint(app, getCustomerSettings, async ({ request, params }) => {
    await requireMerchant(request, params.id);
    return service.getSettings(params.id, params.cid);
  });

  registerEndpoint(app, updateCustomerSettings, async ({ request, params, body }) => {
    await requireMembership({
      db,
      userId: requireUserId(request),
      organisationId: params.id,
      kind: 'MERCHANT',
      level: 'Admin',
    });
    return service.updateSettings({ merchantId: params.id, customerId: params.cid, settings: body });
  });

  registerEndpoint(app, listCustomerUsers, async ({ request, params }) => {
    await requireMerchant(request, params.id);
    return service.listUsers(params.id, params.cid);
  });

  registerEndpoint(app, inviteCustomerUser, async ({ request, params, body }) => {
    await requireMerchant(request, params.id);
    return service.inviteUser({
      merchantId: params.id,
      customerId: params.cid,
      email: body.email,
      level: body.user_level,
      invitedBy: await loadCaller(db, request),
    });
  });
}
