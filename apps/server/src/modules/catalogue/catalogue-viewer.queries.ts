import { and, eq, exists, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { customerAccounts, memberships, organisations, products } from '../../platform/db/schema/index.ts';
import { isOrganisationActive } from '../../platform/tenancy/membership.ts';

/** The customer account whose catalogue a request shows. */
export type CatalogueViewer = { merchantId: string; customerAccountId: string };

// The merchant, beside the caller's own organisation in the membership subquery.
const merchant = alias(organisations, 'catalogue_merchant');

/**
 * Who may see a merchant's catalogue as one of its customers: a member of that customer
 * organisation, or a member of the merchant itself (merchants view the portal as their house
 * account, or as any customer). The account must not be archived, and the merchant's own access
 * must not have lapsed (its catalogue closes with it). Anyone else finds nothing, so
 * the caller answers 404 and never confirms the account exists.
 */
function viewableBy(db: Db, options: { userId: string; customerOrganisationId: string }): SQL {
  const callerIsMember = exists(
    db
      .select({ one: sql`1` })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(
        and(
          eq(memberships.userId, options.userId),
          or(
            eq(memberships.organisationId, customerAccounts.customerOrganisationId),
            eq(memberships.organisationId, customerAccounts.merchantId),
          ),
          eq(memberships.active, true),
          eq(memberships.invitationAccepted, true),
          isOrganisationActive(),
        ),
      ),
  );
  const merchantIsActive = exists(
    db
      .select({ one: sql`1` })
      .from(merchant)
      .where(
        and(eq(merchant.id, customerAccounts.merchantId), isOrganisationActive(merchant.deactivateDate)),
      ),
  );
  return and(
    eq(customerAccounts.customerOrganisationId, options.customerOrganisationId),
    isNull(customerAccounts.archivedAt),
    merchantIsActive,
    callerIsMember,
  )!;
}

/** The account of `customerOrganisationId` with the merchant, if the caller may view as it. */
export async function findViewableCustomerAccount(
  db: Db,
  options: { userId: string; merchantId: string; customerOrganisationId: string },
): Promise<CatalogueViewer | undefined> {
  const [row] = await db
    .select({ merchantId: customerAccounts.merchantId, customerAccountId: customerAccounts.id })
    .from(customerAccounts)
    .where(and(eq(customerAccounts.merchantId, options.merchantId), viewableBy(db, options)));
  return row;
}

/** As findViewableCustomerAccount, with the merchant being the one that owns `productId`. */
export async function findViewableCustomerAccountOfProduct(
  db: Db,
  options: { userId: string; productId: string; customerOrganisationId: string },
): Promise<CatalogueViewer | undefined> {
  const [row] = await db
    .select({ merchantId: customerAccounts.merchantId, customerAccountId: customerAccounts.id })
    .from(customerAccounts)
    .innerJoin(
      products,
      and(eq(products.merchantId, customerAccounts.merchantId), eq(products.id, options.productId)),
    )
    .where(viewableBy(db, options));
  return row;
}
