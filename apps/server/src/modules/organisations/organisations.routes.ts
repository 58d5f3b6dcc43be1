import {
  createOrganisation,
  getMerchantBySlug,
  getOrganisation,
  getOrganisationSettings,
  updateOrganisation,
  updateOrganisationSettings,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createOrganisationLookups } from './organisation-lookups.service.ts';
import { createOrganisationSettings } from './organisation-settings.service.ts';
import { createOrganisationsService } from './organisations.service.ts';

export function organisationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createOrganisationsService(deps);
  const lookups = createOrganisationLookups(deps);
  const settings = createOrganisationSettings(deps);

  registerEndpoint(app, createOrganisation, {
    access: access.user(),
    handler: async ({ actor, body }) => {
      const { slug, ...details } = body;
      return service.createMerchant({ userId: actor.userId, slug, details });
    },
  });

  registerEndpoint(app, getOrganisation, {
    // The most-read record of all: its membership check reads the row too, one round trip.
    access: access.memberReadingOrganisation({ org: 'id' }),
    handler: async ({ actor }) => service.present(actor.organisation),
  });

  registerEndpoint(app, updateOrganisation, {
    access: access.member({ org: 'id', level: 'Admin' }),
    handler: async ({ actor, body }) => {
      const {
        slug,
        image,
        version,
        time_zone,
        gst_rounding,
        bank_account_name,
        bank_bsb,
        bank_account_number,
        ...details
      } = body;
      return service.update({
        userId: actor.userId,
        organisationId: actor.organisationId,
        slug,
        image,
        timeZone: time_zone,
        gstRounding: gst_rounding,
        bankAccount: { bank_account_name, bank_bsb, bank_account_number },
        version,
        details,
      });
    },
  });

  registerEndpoint(app, getOrganisationSettings, {
    access: access.member({ org: 'id' }),
    handler: async ({ actor }) => lookups.getSettings(actor.organisationId),
  });

  registerEndpoint(app, updateOrganisationSettings, {
    // A customer organisation has none of these switches: its merchant tracks its payments.
    access: access.merchant({ org: 'id', level: 'Admin' }),
    handler: async ({ actor, body }) => settings.update({ merchantId: actor.organisationId, input: body }),
  });

  registerEndpoint(app, getMerchantBySlug, {
    access: access.public(),
    handler: async ({ params }) => lookups.getMerchantBySlug(params.slug),
  });
}
