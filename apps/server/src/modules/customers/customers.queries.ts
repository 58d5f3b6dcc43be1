import { and, asc, eq, gt, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Customer, CustomerListRef } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import {
  customerAccounts,
  invitations,
  memberships,
  organisations,
  pricingTiers,
  visibilityGroupCustomers,
  visibilityGroups,
  users,
} from '../../platform/db/schema/index.ts';
import { isOpenInvitation } from '../people/invitations.queries.ts';
import { detailsFromRow } from '../organisations/organisations.mapping.ts';
import type { OrganisationDetailsColumns } from '../organisations/organisations.queries.ts';
import { decodeCursor, encodeCursor } from '../../platform/db/keyset-cursor.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';

const activePeople = sql<number>`(
  select count(*)::int from ${memberships}
  where ${memberships.organisationId} = ${customerAccounts.customerOrganisationId}
    and ${memberships.active} and ${memberships.invitationAccepted}
)`;

// One aggregate per row inside the page's own query (index on customer_account_id), so a page of
// customers stays one round trip however many groups they are in.
const groupsOfCustomer = sql<CustomerListRef[]>`coalesce((
  select json_agg(
    json_build_object('id', ${visibilityGroups.id}, 'name', ${visibilityGroups.name})
    order by lower(${visibilityGroups.name}), ${visibilityGroups.id}
  )
  from ${visibilityGroupCustomers}
  inner join ${visibilityGroups} on ${visibilityGroups.id} = ${visibilityGroupCustomers.groupId}
  where ${visibilityGroupCustomers.customerAccountId} = ${customerAccounts.id}
    and ${visibilityGroups.merchantId} = ${customerAccounts.merchantId}
), '[]'::json)`;

const customerColumns = {
  account: customerAccounts,
  organisation: organisations,
  userCount: activePeople,
  tierId: pricingTiers.id,
  tierName: pricingTiers.name,
  groups: groupsOfCustomer,
};

/** The account's tier, if any; a tier is only ever the account's own merchant's. */
const tierOfAccount = and(
  eq(pricingTiers.id, customerAccounts.pricingTierId),
  eq(pricingTiers.merchantId, customerAccounts.merchantId),
);

type CustomerRow = {
  account: typeof customerAccounts.$inferSelect;
  organisation: typeof organisations.$inferSelect;
  userCount: number;
  tierId: string | null;
  tierName: string | null;
  groups: CustomerListRef[];
};

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.account.id,
    organisation_id: row.organisation.id,
    ...detailsFromRow(row.organisation),
    is_house_account: row.account.isHouseAccount,
    archived: row.account.archivedAt !== null,
    payment_settings: {
      is_payments_enabled: row.account.isPaymentsEnabled,
      payment_terms_days: row.account.paymentTermsDays,
      credit_limit_cents: row.account.creditLimitCents,
      is_tax_exempt: row.account.isTaxExempt,
      is_overdue_reminders_enabled: row.account.isOverdueRemindersEnabled,
    },
    user_count: Number(row.userCount),
    pricing_tier:
      row.tierId !== null && row.tierName !== null ? { id: row.tierId, name: row.tierName } : null,
    visibility_groups: row.groups,
    created_at: row.account.createdAt.toISOString(),
    // The organisation's version, not the account's: the customer's own Admin edits the same
    // details (PUT organisations/{id}), and a stale edit from either side must be refused.
    version: row.organisation.version,
  };
}

/**
 * One page of a merchant's customers in name order. Keyset on (lower(title), account id), so a
 * page costs the same at row 10 and row 10,000 and rows added meanwhile are neither lost nor repeated.
 */
export async function listCustomerPage(
  db: Db,
  options: {
    merchantId: string;
    limit: number;
    cursor?: string;
    search?: string;
    status: 'active' | 'archived' | 'all';
    /** A tier's id, or 'none' for customers on base prices. */
    pricing_tier_id?: string;
    /** Exactly this ABN (11 digits). */
    abn?: string;
  },
) {
  const sortKey = sql<string>`lower(${organisations.title})`;
  const conditions: (SQL | undefined)[] = [eq(customerAccounts.merchantId, options.merchantId)];
  if (options.status === 'active') conditions.push(isNull(customerAccounts.archivedAt));
  if (options.status === 'archived') conditions.push(isNotNull(customerAccounts.archivedAt));
  if (options.search) {
    const pattern = containsPattern(options.search);
    conditions.push(
      or(
        ilike(organisations.title, pattern),
        ilike(organisations.contactEmail, pattern),
        eq(organisations.abn, options.search.replace(/\s+/g, '')),
      ),
    );
  }
  // Plain conditions beside the keyset ones, so filtered pages walk by name like any other.
  if (options.pricing_tier_id === 'none') conditions.push(isNull(customerAccounts.pricingTierId));
  else if (options.pricing_tier_id)
    conditions.push(eq(customerAccounts.pricingTierId, options.pricing_tier_id));
  if (options.abn) conditions.push(eq(organisations.abn, options.abn));
  if (options.cursor) {
    const after = decodeCursor(options.cursor, { title: 'text', id: 'uuid' });
    conditions.push(
      or(gt(sortKey, after.title), and(eq(sortKey, after.title), gt(customerAccounts.id, after.id))),
    );
  }
  const rows = await db
    .select({ ...customerColumns, sortKey })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .leftJoin(pricingTiers, tierOfAccount)
    .where(and(...conditions))
    .orderBy(asc(sortKey), asc(customerAccounts.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(toCustomer),
    next_cursor:
      rows.length > options.limit && last ? encodeCursor({ title: last.sortKey, id: last.account.id }) : null,
  };
}

/** A merchant's customer by account id; undefined for another merchant's (callers answer 404). */
export async function findCustomer(db: Db, options: { merchantId: string; customerId: string }) {
  const [row] = await db
    .select(customerColumns)
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .leftJoin(pricingTiers, tierOfAccount)
    .where(
      and(eq(customerAccounts.merchantId, options.merchantId), eq(customerAccounts.id, options.customerId)),
    );
  return row;
}

export async function findHouseAccount(db: Db, merchantId: string) {
  const [row] = await db
    .select(customerColumns)
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .leftJoin(pricingTiers, tierOfAccount)
    .where(and(eq(customerAccounts.merchantId, merchantId), eq(customerAccounts.isHouseAccount, true)));
  return row;
}

/**
 * The merchant's edit of a customer: its organisation's details, guarded by the organisation's
 * version (the one the customer's own Admin edits too), and the account's archived state.
 * False when the version is stale.
 */
export async function updateCustomerDetails(
  db: Db,
  options: {
    customerId: string;
    organisationId: string;
    details: OrganisationDetailsColumns;
    archivedAt: Date | null;
    version: number;
    now: Date;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(organisations)
      .set({ ...options.details, version: sql`${organisations.version} + 1`, updatedAt: options.now })
      .where(and(eq(organisations.id, options.organisationId), eq(organisations.version, options.version)))
      .returning({ id: organisations.id });
    if (!updated) return false;
    await tx
      .update(customerAccounts)
      .set({ archivedAt: options.archivedAt, updatedAt: options.now })
      .where(eq(customerAccounts.id, options.customerId));
    return true;
  });
}

/** A customer organisation and its account with the merchant, in the caller's transaction. */
export async function insertCustomer(
  tx: Db,
  options: {
    merchantId: string;
    slug: string;
    details: OrganisationDetailsColumns;
    settings: Pick<
      typeof customerAccounts.$inferInsert,
      | 'isPaymentsEnabled'
      | 'paymentTermsDays'
      | 'creditLimitCents'
      | 'isTaxExempt'
      | 'isOverdueRemindersEnabled'
    >;
  },
): Promise<{ accountId: string; organisationId: string }> {
  const [organisation] = await tx
    .insert(organisations)
    .values({ kind: 'CUSTOMER', slug: options.slug, ...options.details })
    .returning({ id: organisations.id });
  const [account] = await tx
    .insert(customerAccounts)
    .values({
      merchantId: options.merchantId,
      customerOrganisationId: organisation!.id,
      ...options.settings,
    })
    .returning({ id: customerAccounts.id });
  return { accountId: account!.id, organisationId: organisation!.id };
}

/** The merchant's payment settings for one of its customers, as saved; undefined for another merchant's. */
export async function updateCustomerSettings(
  db: Db,
  options: {
    merchantId: string;
    customerId: string;
    settings: Pick<
      typeof customerAccounts.$inferInsert,
      | 'isPaymentsEnabled'
      | 'paymentTermsDays'
      | 'creditLimitCents'
      | 'isTaxExempt'
      | 'isOverdueRemindersEnabled'
    >;
    now: Date;
  },
) {
  const [row] = await db
    .update(customerAccounts)
    .set({ ...options.settings, updatedAt: options.now })
    .where(
      and(eq(customerAccounts.merchantId, options.merchantId), eq(customerAccounts.id, options.customerId)),
    )
    .returning({
      id: customerAccounts.id,
      isTaxExempt: customerAccounts.isTaxExempt,
      isOverdueRemindersEnabled: customerAccounts.isOverdueRemindersEnabled,
    });
  return row;
}

/** The customer organisation's people who have joined, by name. */
export async function listCustomerPeople(db: Db, organisationId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      level: memberships.level,
      active: memberships.active,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.invitationAccepted, true)))
    .orderBy(asc(users.name));
}

export type InvitationRow = typeof invitations.$inferSelect;

/** Invitations to the customer organisation nobody has answered yet, by email. */
export async function listOpenCustomerInvitations(
  db: Db,
  options: { organisationId: string; now: Date },
): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organisationId, options.organisationId), isOpenInvitation(options.now)))
    .orderBy(asc(invitations.email));
}
