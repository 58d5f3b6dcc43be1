import { getMyAccountWithMerchant, listMyMerchants, ORGANISATION_HEADER } from '@tradeport/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireUserId } from '../../platform/auth/authenticate.ts';
import { customerAccounts, organisations } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { requireMembership } from '../../platform/tenancy/membership.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer side: which merchants the current customer organisation orders from. */
export function customerPortalRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;

  async function currentCustomerOrganisation(request: FastifyRequest) {
    const organisationId = request.headers[ORGANISATION_HEADER];
    // A strict UUID: anything looser (36 hyphens, 36 hex digits) would reach the database as one.
    if (typeof organisationId !== 'string' || !UUID.test(organisationId)) {
      throw new AppError(
        'VALIDATION_ERROR',
        'Name the customer organisation in the X-Organisation-Id header.',
        [{ path: 'headers.x-organisation-id', message: 'Required: the customer organisation id' }],
      );
    }
    await requireMembership({ db, userId: requireUserId(request), organisationId, kind: 'CUSTOMER' });
    return organisationId;
  }

  const merchantColumns = {
    id: organisations.id,
    title: organisations.title,
    image: organisations.image,
    slug: organisations.slug,
  };

  registerEndpoint(app, listMyMerchants, async ({ request }) => {
    const customerOrganisationId = await currentCustomerOrganisation(request);
    return db
      .select(merchantColumns)
      .from(customerAccounts)
      .innerJoin(organisations, eq(organisations.id, customerAccounts.merchantId))
      .where(
        and(
          eq(customerAccounts.customerOrganisationId, customerOrganisationId),
          isNull(customerAccounts.archivedAt),
        ),
      )
      .orderBy(asc(organisations.title));
  });

  registerEndpoint(app, getMyAccountWithMerchant, async ({ request, params }) => {
    const customerOrganisationId = await currentCustomerOrganisation(request);
    const [row] = await db
      .select({ merchant: merchantColumns, account: customerAccounts })
      .from(customerAccounts)
      .innerJoin(organisations, eq(organisations.id, customerAccounts.merchantId))
      .where(
        and(
          eq(customerAccounts.customerOrganisationId, customerOrganisationId),
          eq(customerAccounts.merchantId, params.id),
          isNull(customerAccounts.archivedAt),
        ),
      );
    if (!row) throw notFound('Merchant');
    return {
      merchant: row.merchant,
      customer_id: row.account.id,
      payment_settings: {
        is_payments_enabled: row.account.isPaymentsEnabled,
        payment_terms_days: row.account.paymentTermsDays,
        credit_limit_cents: row.account.creditLimitCents,
      },
    };
  });
}
