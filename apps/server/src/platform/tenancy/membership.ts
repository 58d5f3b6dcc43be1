import { and, eq, isNull, or, gt, sql } from 'drizzle-orm';
import type { UserLevel } from '@tradeport/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { memberships, organisations } from '../db/schema/index.ts';
import { forbidden, notFound } from '../errors.ts';

/** An organisation keeps access until its deactivate_date (set after a failed payment) passes. */
export const isOrganisationActive = (deactivateDate: AnyPgColumn = organisations.deactivateDate) =>
  or(isNull(deactivateDate), gt(deactivateDate, sql`now()`))!;

export type Membership = {
  organisationId: string;
  kind: 'MERCHANT' | 'CUSTOMER';
  level: UserLevel;
};

export type MembershipRequirement = {
  db: Db;
  userId: string;
  organisationId: string;
  /** Admin-only actions. */
  level?: 'Admin';
  /** Merchant-only actions. */
  kind?: 'MERCHANT' | 'CUSTOMER';
};

/**
 * The caller's accepted, active membership of an organisation, read from the database on every
 * request. Not a member → 404 (never confirm another organisation exists); a member lacking the
 * level or organisation kind → 403.
 */
export async function requireMembership(requirement: MembershipRequirement): Promise<Membership> {
  const [row] = await requirement.db
    .select({ organisationId: organisations.id, kind: organisations.kind, level: memberships.level })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(
      and(
        eq(memberships.userId, requirement.userId),
        eq(memberships.organisationId, requirement.organisationId),
        eq(memberships.active, true),
        eq(memberships.invitationAccepted, true),
        isOrganisationActive(),
      ),
    );
  if (!row) throw notFound('Organisation');
  if (requirement.kind && row.kind !== requirement.kind) {
    throw forbidden(
      requirement.kind === 'MERCHANT' ? 'Only merchants can do this.' : 'Only customers can do this.',
    );
  }
  if (requirement.level === 'Admin' && row.level !== 'Admin') {
    throw forbidden('Only an Admin of this organisation can do this.');
  }
  return row;
}
