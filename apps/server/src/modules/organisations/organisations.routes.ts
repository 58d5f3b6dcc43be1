import {
  createOrganisation,
  getMerchantBySlug,
  getOrganisation,
  getOrganisationSettings,
  updateOrganisation,
} from '@tradeport/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireUserId } from '../../platform/auth/authenticate.ts';
import { organisations } from '../../platform/db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { requireMembership } from '../../platform/tenancy/membership.ts';
import { createOrganisationsService } from './organisations.service.ts';

export function organisationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createOrganisationsService(deps);
  const { db } = deps.database;

  registerEndpoint(app, createOrganisation, async ({ request, body }) => {
    const { slug, ...details } = body;
    return service.createMerchant({ userId: requireUserId(request), slug, details });
  });

  registerEndpoint(app, getOrganisation, async ({ request, params }) => {
    await requireMembership({ db, userId: requireUserId(request), organisationId: params.id });
    return service.get(params.id);
  });

  registerEndpoint(app, updateOrganisation, async ({ request, params, body }) => {
    await requireMembership({
      db,
      userId: requireUserId(request),
      organisationId: params.id,
      level: 'Admin',
    });
    const { slug, image, version, ...details } = body;
    return service.update({
      userId: requireUserId(request),
      organisationId: params.id,
      slug,
      image,
      version,
      details,
    });
  });

  registerEndpoint(app, getOrganisationSettings, async ({ request, params }) => {
    await requireMembership({ db, userId: requireUserId(request), organisationId: params.id });
    const [row] = await db
      .select({
        payments_enabled: organisations.paymentsEnabled,
        advanced_tax_enabled: organisations.advancedTaxEnabled,
      })
      .from(organisations)
      .where(eq(organisations.id, params.id));
    if (!row) throw notFound('Organisation');
    return row;
  });

  registerEndpoint(app, getMerchantBySlug, async ({ params }) => {
    const [row] = await db
      .select({ title: organisations.title, image: organisations.image, slug: organisations.slug })
      .from(organisations)
      .where(and(eq(organisations.slug, params.slug.toLowerCase()), eq(organisations.kind, 'MERCHANT')));
    if (!row) throw notFound('Merchant');
    return row;
  });
}
