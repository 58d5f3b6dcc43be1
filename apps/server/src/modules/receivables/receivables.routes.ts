import {
  exportOutstandingOrders,
  getCustomerStatement,
  getReceivablesOverview,
  listCustomerAccounts,
  listOutstandingOrders,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerDownload, registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createCustomerAccountsService } from './customer-accounts.service.ts';
import { createOutstandingService } from './outstanding.service.ts';
import { createReceivablesOverview } from './receivables-overview.service.ts';
import { createStatementService } from './statement.service.ts';

/**
 * Receivables. The overview and Customer Accounts are the merchant's (a customer organisation's
 * member gets 403 on its own id). The outstanding list and its CSV are a merchant's, or a customer
 * organisation's own with the merchant it names. A statement is read through the customer's
 * account with the merchant: by a member of either.
 */
export function receivablesRoutes(app: FastifyInstance, deps: AppDeps) {
  const overview = createReceivablesOverview(deps);
  const outstanding = createOutstandingService(deps);
  const customerAccounts = createCustomerAccountsService(deps);
  const statements = createStatementService(deps);
  const merchant = access.merchant({ org: 'id' });
  // The organisation's row comes with the membership check: a merchant's zone dates the aging.
  const listReader = access.memberReadingOrganisation({ org: 'id' });

  registerEndpoint(app, getReceivablesOverview, {
    access: merchant,
    handler: async ({ actor, query }) => overview.get({ merchantId: actor.organisationId, query }),
  });

  registerEndpoint(app, listOutstandingOrders, {
    access: listReader,
    handler: async ({ actor, query }) => outstanding.list(actor, query),
  });

  registerDownload(app, exportOutstandingOrders, {
    access: listReader,
    filename: 'outstanding-payments.csv',
    handler: async ({ actor, query }) => outstanding.exportCsv(actor, query),
  });

  registerEndpoint(app, listCustomerAccounts, {
    access: merchant,
    handler: async ({ actor, query }) => customerAccounts.list({ merchantId: actor.organisationId, query }),
  });

  registerDownload(app, getCustomerStatement, {
    access: access.customerAccount({ merchant: 'id', customer: 'cid' }),
    filename: 'statement.pdf',
    handler: async ({ actor, query }) =>
      statements.render(
        await statements.build({
          merchantId: actor.merchantId,
          customerOrganisationId: actor.customerOrganisationId,
          customerAccountId: actor.customerAccountId,
          query,
        }),
      ),
  });
}
