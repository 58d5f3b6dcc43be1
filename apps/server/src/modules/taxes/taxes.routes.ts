import {
  createTaxRule,
  deleteTaxRule,
  getTaxRule,
  getTaxSettings,
  updateTaxRule,
  updateTaxSettings,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createTaxesService } from './taxes.service.ts';

/**
 * taxes/organisation/{id} and …/tax-rule/{rid}. Only members of the merchant reach them: a
 * customer organisation's member gets 403, anyone else 404.
 *
 * Decision: like pricing tiers, tax settings decide what customers are charged, so any member may
 * read them (the cart and order screens show the rates) but only an Admin may change them.
 */
export function taxesRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createTaxesService(deps);
  const reader = access.merchant({ org: 'id' });
  const admin = access.merchant({ org: 'id', level: 'Admin' });

  registerEndpoint(app, getTaxSettings, {
    access: reader,
    handler: async ({ actor }) => service.settings({ merchantId: actor.organisationId }),
  });

  registerEndpoint(app, updateTaxSettings, {
    access: admin,
    handler: async ({ actor, body }) =>
      service.updateSettings({
        merchantId: actor.organisationId,
        gstRounding: body.gst_rounding,
        version: body.version,
      }),
  });

  registerEndpoint(app, createTaxRule, {
    access: admin,
    handler: async ({ actor, body }) => service.createRule({ merchantId: actor.organisationId, input: body }),
  });

  registerEndpoint(app, getTaxRule, {
    access: reader,
    handler: async ({ actor, params }) =>
      service.getRule({ merchantId: actor.organisationId, ruleId: params.rid }),
  });

  registerEndpoint(app, updateTaxRule, {
    access: admin,
    handler: async ({ actor, params, body }) => {
      const { version, ...input } = body;
      return service.updateRule({ merchantId: actor.organisationId, ruleId: params.rid, input, version });
    },
  });

  registerEndpoint(app, deleteTaxRule, {
    access: admin,
    handler: async ({ actor, params }) =>
      service.removeRule({ merchantId: actor.organisationId, ruleId: params.rid }),
  });
}
