import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { isOpenInvitation } from '../people/invitations.queries.ts';
import {
  customerAccounts,
  invitations,
  memberships,
  organisations,
  users,
} from '../../platform/db/schema/index.ts';

/**
 * The person and every organisation they belong to, in one round trip (this runs on every page
 * load). An organisation whose deactivate_date has passed stays active here: the app selects it,
 * reads deactivate_date and shows the access-lost page, whose one way out is its billing page
 * (SPEC §4). Every other endpoint refuses it (isUsableMembership).
 */
export function prepareUserWithOrganisations(db: Db) {
  return (
    db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        image: users.image,
        emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
        organisation: {
          id: organisations.id,
          title: organisations.title,
          kind: organisations.kind,
          paymentsEnabled: organisations.paymentsEnabled,
          advancedTaxEnabled: organisations.advancedTaxEnabled,
          trialEnd: organisations.trialEnd,
          deactivateDate: organisations.deactivateDate,
          paymentFailedDate: organisations.paymentFailedDate,
          // Null only on the one row of a person with no memberships, which the service drops.
          active: sql<boolean>`${memberships.active}`,
          invitationAccepted: memberships.invitationAccepted,
          level: memberships.level,
        },
      })
      .from(users)
      // Invitations not yet accepted are listed from the invitations table, not as memberships.
      .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.invitationAccepted, true)))
      .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(eq(users.id, sql.placeholder('userId')))
      .orderBy(asc(memberships.createdAt), asc(organisations.title))
      .prepare('user_with_organisations')
  );
}

/** The merchant a customer organisation orders from, with its account settings there. */
export function prepareCustomerMerchant(db: Db) {
  return db
    .select({
      merchantTitle: organisations.title,
      merchantImage: organisations.image,
      isPaymentsEnabled: customerAccounts.isPaymentsEnabled,
    })
    .from(customerAccounts)
    .innerJoin(organisations, and(eq(organisations.id, customerAccounts.merchantId)))
    .where(eq(customerAccounts.customerOrganisationId, sql.placeholder('customerOrganisationId')))
    .orderBy(asc(customerAccounts.createdAt))
    .limit(1)
    .prepare('customer_merchant');
}

/** Open invitations to a person's email: only what users/current lists, as a prepared statement. */
export function preparePendingInvitations(db: Db) {
  return db
    .select({
      organisationId: organisations.id,
      organisationTitle: organisations.title,
      level: invitations.level,
    })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(and(eq(invitations.email, sql.placeholder('email')), isOpenInvitation(sql`now()`)))
    .orderBy(asc(invitations.createdAt))
    .prepare('pending_invitations');
}
