import type { UserLevel } from '@tradeport/contract';
import { and, eq, gt, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { customerAccounts, memberships, orders, organisations, products } from '../db/schema/index.ts';

/** An organisation keeps access until its deactivate_date (set after a failed payment) passes. */
export const isOrganisationActive = (deactivateDate: AnyPgColumn = organisations.deactivateDate) =>
  or(isNull(deactivateDate), gt(deactivateDate, sql`now()`))!;

export type OrganisationKind = 'MERCHANT' | 'CUSTOMER';

export type Membership = { organisationId: string; kind: OrganisationKind; level: UserLevel };

/** An organisation's own row, for rules that hand it to the handler. */
export type OrganisationRecord = typeof organisations.$inferSelect;

/** The customer account a request acts through: a customer organisation's, with one merchant. */
export type CustomerAccountAccess = {
  merchantId: string;
  customerOrganisationId: string;
  customerAccountId: string;
  /**
   * The caller is a member of the merchant (viewing or ordering as the customer), not only of the
   * customer organisation: a cart then is the merchant's order-entry cart for that customer.
   */
  isMerchantMember: boolean;
};

const ownedBy =
  (owner: AnyPgColumn, id: AnyPgColumn) =>
  (recordId: Placeholder): SQL =>
    sql`(select ${owner} from ${owner.table} where ${id} = ${recordId})`;

/**
 * Records a path names by id alone, without their organisation: for each, the organisation that
 * owns it. Access to such a record is membership of its owner, looked up in the same statement.
 * A new kind (orders, payments) is one line here.
 */
export const recordOwners = {
  product: ownedBy(products.merchantId, products.id),
  order: ownedBy(orders.merchantId, orders.id),
} satisfies Record<string, (recordId: Placeholder) => SQL>;

export type OwnedRecordKind = keyof typeof recordOwners;

/**
 * Records made for a customer organisation as well as owned by a merchant: for each, that
 * customer organisation. Its members are a party to the record beside the owner's (an order is
 * its merchant's and its customer's).
 */
export const recordCustomers = {
  order: (recordId: Placeholder): SQL =>
    sql`(select ${customerAccounts.customerOrganisationId} from ${orders} inner join ${customerAccounts}
      on ${customerAccounts.id} = ${orders.customerAccountId} and ${customerAccounts.merchantId} = ${orders.merchantId}
      where ${orders.id} = ${recordId})`,
} satisfies Partial<Record<OwnedRecordKind, (recordId: Placeholder) => SQL>>;

export type SharedRecordKind = keyof typeof recordCustomers;

const userId = sql.placeholder('userId');
const organisationId = sql.placeholder('organisationId');
const recordId = sql.placeholder('recordId');

/**
 * The caller's membership counts: accepted, still active, and its organisation's access not lapsed.
 * Every access statement joins memberships to organisations and reads membership through this.
 */
const isUsableMembership = (options: { isLapsedAllowed?: boolean } = {}) =>
  and(
    eq(memberships.userId, userId),
    eq(memberships.active, true),
    eq(memberships.invitationAccepted, true),
    options.isLapsedAllowed ? undefined : isOrganisationActive(),
  );

function prepareMembership(db: Db, options: { name: string; organisation: SQL | Placeholder }) {
  return db
    .select({ organisationId: organisations.id, kind: organisations.kind, level: memberships.level })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(and(eq(memberships.organisationId, options.organisation), isUsableMembership()))
    .prepare(options.name);
}

/**
 * The caller's membership of either party to a shared record: its merchant, else its customer
 * organisation. A person in both (a merchant member also in its house customer) acts as the
 * merchant, who may do more.
 */
function preparePartyMembership(db: Db, options: { name: string; kind: SharedRecordKind }) {
  const merchant = recordOwners[options.kind](recordId);
  const customer = recordCustomers[options.kind](recordId);
  return db
    .select({ organisationId: organisations.id, kind: organisations.kind, level: memberships.level })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(
      and(
        or(eq(memberships.organisationId, merchant), eq(memberships.organisationId, customer)),
        isUsableMembership(),
      ),
    )
    .orderBy(sql`${organisations.kind} = 'MERCHANT' desc`)
    .limit(1)
    .prepare(options.name);
}

// The merchant, beside the caller's own organisation in the membership subquery.
const merchant = alias(organisations, 'account_merchant');

/**
 * A customer organisation's account with a merchant, when the caller may act through it: as a
 * member of that customer organisation, or as a member of the merchant (merchants view the portal
 * as their house account, or as any customer). The account must not be archived and neither
 * organisation's access lapsed (a merchant's catalogue closes with it).
 */
function prepareCustomerAccount(db: Db, options: { name: string; merchant: SQL | Placeholder }) {
  const callerIsMemberOf = (...organisationIds: AnyPgColumn[]) =>
    sql`exists (${db
      .select({ one: sql`1` })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(
        and(
          or(...organisationIds.map((organisationId) => eq(memberships.organisationId, organisationId))),
          isUsableMembership(),
        ),
      )})`;
  const callerIsMember = callerIsMemberOf(
    customerAccounts.customerOrganisationId,
    customerAccounts.merchantId,
  );
  return db
    .select({
      merchantId: customerAccounts.merchantId,
      customerOrganisationId: customerAccounts.customerOrganisationId,
      customerAccountId: customerAccounts.id,
      isMerchantMember: sql<boolean>`${callerIsMemberOf(customerAccounts.merchantId)}`,
    })
    .from(customerAccounts)
    .innerJoin(merchant, eq(merchant.id, customerAccounts.merchantId))
    .where(
      and(
        eq(customerAccounts.merchantId, options.merchant),
        eq(customerAccounts.customerOrganisationId, organisationId),
        isNull(customerAccounts.archivedAt),
        isOrganisationActive(merchant.deactivateDate),
        callerIsMember,
      ),
    )
    .prepare(options.name);
}

/**
 * Customer view (SPEC §1, §4): a merchant member acting as the merchant's house customer. The
 * caller counts as a User of the house customer organisation while they are a usable member of
 * its merchant and the house account is not archived; nothing is stored for it but the cookie
 * the request carries (customer-view-cookie.ts).
 */
function prepareCustomerView(db: Db) {
  const callerIsMerchantMember = sql`exists (${db
    .select({ one: sql`1` })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(and(eq(memberships.organisationId, customerAccounts.merchantId), isUsableMembership()))})`;
  return db
    .select({ merchantId: customerAccounts.merchantId, organisation: organisations })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .where(
      and(
        eq(customerAccounts.customerOrganisationId, organisationId),
        eq(customerAccounts.isHouseAccount, true),
        isNull(customerAccounts.archivedAt),
        callerIsMerchantMember,
      ),
    )
    .prepare('access_customer_view');
}

/** What a merchant member viewing as the house customer may do there: what a User of it may. */
export type CustomerViewMembership = Membership & { merchantId: string; organisation: OrganisationRecord };

const statementName = (prefix: string, kind: string) => `${prefix}_${kind.replace(/\W/g, '_')}`;

/**
 * Every statement access resolution runs, prepared once per app: each request costs one round
 * trip with no query building.
 */
export function prepareAccessQueries(db: Db) {
  const byRecord = <T>(prepare: (kind: OwnedRecordKind) => T) =>
    Object.fromEntries(
      Object.keys(recordOwners).map((kind) => [kind, prepare(kind as OwnedRecordKind)]),
    ) as Record<OwnedRecordKind, T>;
  const membership = prepareMembership(db, { name: 'access_membership', organisation: organisationId });
  const membershipOfOwner = byRecord((kind) =>
    prepareMembership(db, {
      name: statementName('access_membership_of', kind),
      organisation: recordOwners[kind](recordId),
    }),
  );
  const membershipOfParty = Object.fromEntries(
    Object.keys(recordCustomers).map((kind) => [
      kind,
      preparePartyMembership(db, {
        name: statementName('access_membership_of_party', kind),
        kind: kind as SharedRecordKind,
      }),
    ]),
  ) as Record<SharedRecordKind, ReturnType<typeof preparePartyMembership>>;
  // The same membership check, also returning the organisation's row: an endpoint that reads the
  // organisation it acts for then needs no second round trip.
  const prepareWithOrganisation = (name: string, options: { isLapsedAllowed?: boolean } = {}) =>
    db
      .select({
        organisationId: organisations.id,
        kind: organisations.kind,
        level: memberships.level,
        organisation: organisations,
      })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(and(eq(memberships.organisationId, organisationId), isUsableMembership(options)))
      .prepare(name);
  const membershipWithOrganisation = prepareWithOrganisation('access_membership_with_organisation');
  // Billing's: the one place a merchant whose access lapsed (deactivate_date passed) can still
  // reach, to pay again.
  const lapsedMembershipWithOrganisation = prepareWithOrganisation('access_membership_lapsed', {
    isLapsedAllowed: true,
  });
  const account = prepareCustomerAccount(db, {
    name: 'access_account',
    merchant: sql.placeholder('merchantId'),
  });
  const customerView = prepareCustomerView(db);
  const accountOfOwner = byRecord((kind) =>
    prepareCustomerAccount(db, {
      name: statementName('access_account_of', kind),
      merchant: recordOwners[kind](recordId),
    }),
  );

  return {
    /** The caller's accepted, active membership of an organisation, if any. */
    async findMembership(options: {
      userId: string;
      organisationId: string;
    }): Promise<Membership | undefined> {
      return (await membership.execute(options))[0];
    },
    /**
     * findMembership, with the organisation's row; `isLapsedAllowed`: an organisation whose access
     * lapsed (deactivate_date passed) counts too.
     */
    async findMembershipWithOrganisation(options: {
      userId: string;
      organisationId: string;
      isLapsedAllowed?: boolean;
    }): Promise<(Membership & { organisation: OrganisationRecord }) | undefined> {
      const statement = options.isLapsedAllowed
        ? lapsedMembershipWithOrganisation
        : membershipWithOrganisation;
      return (await statement.execute({ userId: options.userId, organisationId: options.organisationId }))[0];
    },
    /** The caller's membership of the organisation owning a record, if any (and the record exists). */
    async findMembershipOfOwner(options: {
      userId: string;
      record: OwnedRecordKind;
      recordId: string;
    }): Promise<Membership | undefined> {
      return (await membershipOfOwner[options.record].execute(options))[0];
    },
    /** The caller's membership of either party to a shared record (its merchant or its customer). */
    async findMembershipOfParty(options: {
      userId: string;
      record: SharedRecordKind;
      recordId: string;
    }): Promise<Membership | undefined> {
      return (await membershipOfParty[options.record].execute(options))[0];
    },
    /**
     * The caller as the house customer `organisationId` of a merchant they belong to (customer
     * view), if it is one; undefined for any other organisation.
     */
    async findCustomerView(options: {
      userId: string;
      organisationId: string;
    }): Promise<CustomerViewMembership | undefined> {
      const [row] = await customerView.execute(options);
      return row && { organisationId: row.organisation.id, kind: 'CUSTOMER', level: 'User', ...row };
    },
    /** The customer account the caller may act through, with `merchantId` or a record's owner. */
    async findCustomerAccount(
      options: { userId: string; organisationId: string } & (
        { merchantId: string } | { record: OwnedRecordKind; recordId: string }
      ),
    ): Promise<CustomerAccountAccess | undefined> {
      const rows =
        'merchantId' in options
          ? await account.execute(options)
          : await accountOfOwner[options.record].execute(options);
      return rows[0];
    },
  };
}

export type AccessQueries = ReturnType<typeof prepareAccessQueries>;
