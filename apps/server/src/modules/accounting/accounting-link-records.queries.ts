import type { AccountingLinkKind, AccountingProvider } from '@tradeport/contract';
import { and, asc, count, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, encodeCursor } from '../../platform/db/keyset-cursor.ts';
import {
  accountingLinks,
  customerAccounts,
  organisations,
  products,
  taxRules,
  users,
} from '../../platform/db/schema/index.ts';
import type { LinkRow } from './accounting-links.queries.ts';

// Tradeport's side of the links: the merchant's customers (active, not the house account),
// products (not archived) and tax rules, each with its link to one provider's books, keyset-paged
// by name like their own lists. Every query takes the merchant.

type InBooks = { merchantId: string; provider: AccountingProvider };
type Paging = { limit: number; cursor?: string };

export type LinkedCustomerRow = {
  id: string;
  name: string;
  abn: string | null;
  email: string | null;
  link: LinkRow | null;
};

export type LinkedProductRow = {
  id: string;
  name: string;
  sku: string;
  basePriceCents: number;
  isGstApplicable: boolean;
  link: LinkRow | null;
};

const linkOf = (kind: AccountingLinkKind, scope: InBooks, localId: PgColumn) =>
  and(
    eq(accountingLinks.merchantId, scope.merchantId),
    eq(accountingLinks.provider, scope.provider),
    eq(accountingLinks.kind, kind),
    eq(accountingLinks.localId, localId),
  );

const linkColumns = {
  localId: accountingLinks.localId,
  externalId: accountingLinks.externalId,
  externalName: accountingLinks.externalName,
  linkedAt: accountingLinks.updatedAt,
  linkedByName: users.name,
};

/** linkColumns as a left join reads them: all null when the record has no link. */
type LinkColumnsRow = {
  localId: string | null;
  externalId: string | null;
  externalName: string | null;
  linkedAt: Date | null;
  linkedByName: string | null;
};

const toLink = (row: LinkColumnsRow): LinkRow | null =>
  row.localId === null
    ? null
    : {
        localId: row.localId,
        externalId: row.externalId ?? '',
        externalName: row.externalName ?? '',
        linkedAt: row.linkedAt ?? new Date(0),
        linkedByName: row.linkedByName,
      };

/** Where a page by name starts, how it is ordered, and one row more than it holds (to know of a next). */
const byName = (paging: Paging, sortKey: SQL<string>, id: PgColumn) => ({
  after: afterCursor({ cursor: paging.cursor, sortKey, id }),
  order: [asc(sortKey), asc(id)],
  limit: paging.limit + 1,
});

/** The page's records, each with its link, and the cursor after its last one, from a query asked for one row more. */
function linkedPageOf<R extends LinkColumnsRow & { sortKey: string; id: string }>(rows: R[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const {
        localId: _localId,
        externalId: _externalId,
        externalName: _externalName,
        linkedAt: _linkedAt,
        linkedByName: _linkedByName,
        sortKey: _sortKey,
        ...record
      } = row;
      return { ...record, link: toLink(row) };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor({ name: last.sortKey, id: last.id }) : null,
  };
}

/** The record's id is one of `ids`, sent as one array parameter. */
const isOneOf = (id: PgColumn, ids: readonly string[]) =>
  sql`${id} = any(${sql.param([...new Set(ids)])}::uuid[])`;

// Customers --------------------------------------------------------------------------------------

const customerName = sql<string>`lower(${organisations.title})`;
const activeCustomers = (merchantId: string) =>
  and(
    eq(customerAccounts.merchantId, merchantId),
    isNull(customerAccounts.archivedAt),
    not(customerAccounts.isHouseAccount),
  );

const customerColumns = {
  id: customerAccounts.id,
  name: organisations.title,
  abn: organisations.abn,
  email: organisations.contactEmail,
  sortKey: customerName,
};

/** A page of the active customers by name, each with its contact link. */
export async function customerLinkPage(
  db: Db,
  scope: InBooks & Paging,
): Promise<{ items: LinkedCustomerRow[]; nextCursor: string | null }> {
  const paging = byName(scope, customerName, customerAccounts.id);
  const rows = await db
    .select({ ...customerColumns, ...linkColumns })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .leftJoin(accountingLinks, linkOf('CONTACT', scope, customerAccounts.id))
    .leftJoin(users, eq(users.id, accountingLinks.linkedByUserId))
    .where(and(activeCustomers(scope.merchantId), paging.after))
    .orderBy(...paging.order)
    .limit(paging.limit);
  return linkedPageOf(rows, scope.limit);
}

/**
 * The active customers with no contact, by name, up to `max`: what automatic matching pairs
 * with the books' free contacts (only the columns it compares).
 */
export async function unlinkedCustomers(db: Db, scope: InBooks & { max: number }) {
  return db
    .select({
      id: customerAccounts.id,
      name: organisations.title,
      abn: organisations.abn,
      email: organisations.contactEmail,
    })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .leftJoin(accountingLinks, linkOf('CONTACT', scope, customerAccounts.id))
    .where(and(activeCustomers(scope.merchantId), isNull(accountingLinks.localId)))
    .orderBy(asc(customerName), asc(customerAccounts.id))
    .limit(scope.max);
}

export async function customerLinkCounts(db: Db, scope: InBooks) {
  const [row] = await db
    .select({ total: count(), linked: count(accountingLinks.localId) })
    .from(customerAccounts)
    .leftJoin(accountingLinks, linkOf('CONTACT', scope, customerAccounts.id))
    .where(activeCustomers(scope.merchantId));
  return { total: row?.total ?? 0, linked: row?.linked ?? 0 };
}

/** The merchant's customers among `ids` (any state: the caller says which may be linked). */
export async function customersByIds(db: Db, scope: { merchantId: string; ids: readonly string[] }) {
  if (scope.ids.length === 0) return [];
  return db
    .select({
      id: customerAccounts.id,
      name: organisations.title,
      abn: organisations.abn,
      email: organisations.contactEmail,
      isHouseAccount: customerAccounts.isHouseAccount,
      isArchived: sql<boolean>`${customerAccounts.archivedAt} is not null`,
    })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .where(and(eq(customerAccounts.merchantId, scope.merchantId), isOneOf(customerAccounts.id, scope.ids)));
}

// Products ---------------------------------------------------------------------------------------

const productName = sql<string>`lower(${products.name})`;
const activeProducts = (merchantId: string) =>
  and(eq(products.merchantId, merchantId), isNull(products.archivedAt));

/** A page of the active products by name (products_merchant_active_name_idx), each with its item link. */
export async function productLinkPage(
  db: Db,
  scope: InBooks & Paging,
): Promise<{ items: LinkedProductRow[]; nextCursor: string | null }> {
  const paging = byName(scope, productName, products.id);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      basePriceCents: products.basePriceCents,
      isGstApplicable: products.isGstApplicable,
      sortKey: productName,
      ...linkColumns,
    })
    .from(products)
    .leftJoin(accountingLinks, linkOf('ITEM', scope, products.id))
    .leftJoin(users, eq(users.id, accountingLinks.linkedByUserId))
    .where(and(activeProducts(scope.merchantId), paging.after))
    .orderBy(...paging.order)
    .limit(paging.limit);
  return linkedPageOf(rows, scope.limit);
}

/** Unlinked active products whose SKU is one of `codes` (lower case): the ones with a suggestion. */
const unlinkedWithSku = (scope: InBooks & { codes: readonly string[] }) =>
  and(
    isNull(accountingLinks.localId),
    sql`lower(${products.sku}) = any(${sql.param([...scope.codes])}::text[])`,
  );

export async function productLinkCounts(db: Db, scope: InBooks & { codes: readonly string[] }) {
  const [row] = await db
    .select({
      total: count(),
      linked: count(accountingLinks.localId),
      suggested: sql<number>`count(*) filter (where ${unlinkedWithSku(scope)})::int`,
    })
    .from(products)
    .leftJoin(accountingLinks, linkOf('ITEM', scope, products.id))
    .where(activeProducts(scope.merchantId));
  return { total: row?.total ?? 0, linked: row?.linked ?? 0, suggested: Number(row?.suggested ?? 0) };
}

/** The unlinked active products whose SKU is one of `codes` (lower case), for LINK_SUGGESTED. */
export async function unlinkedProductsWithSku(db: Db, scope: InBooks & { codes: readonly string[] }) {
  if (scope.codes.length === 0) return [];
  return db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .leftJoin(accountingLinks, linkOf('ITEM', scope, products.id))
    .where(and(activeProducts(scope.merchantId), unlinkedWithSku(scope)));
}

/** The merchant's products among `ids` (archived ones too: the caller says which may be linked). */
export async function productsByIds(db: Db, scope: { merchantId: string; ids: readonly string[] }) {
  if (scope.ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      basePriceCents: products.basePriceCents,
      isGstApplicable: products.isGstApplicable,
      isArchived: sql<boolean>`${products.archivedAt} is not null`,
    })
    .from(products)
    .where(and(eq(products.merchantId, scope.merchantId), isOneOf(products.id, scope.ids)));
}

// Tax rules --------------------------------------------------------------------------------------

/** Every tax rule of the merchant (at most MAX_TAX_RULES) by name, with its tax rate link. */
export async function taxRuleLinks(db: Db, scope: InBooks) {
  const rows = await db
    .select({
      id: taxRules.id,
      name: taxRules.name,
      rateBasisPoints: taxRules.rateBasisPoints,
      ...linkColumns,
    })
    .from(taxRules)
    .leftJoin(accountingLinks, linkOf('TAX_RULE', scope, taxRules.id))
    .leftJoin(users, eq(users.id, accountingLinks.linkedByUserId))
    .where(eq(taxRules.merchantId, scope.merchantId))
    .orderBy(asc(sql`lower(${taxRules.name})`), asc(taxRules.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    rateBasisPoints: row.rateBasisPoints,
    link: toLink(row),
  }));
}

export async function findTaxRule(db: Db, scope: { merchantId: string; taxRuleId: string }) {
  const [row] = await db
    .select({ id: taxRules.id, name: taxRules.name })
    .from(taxRules)
    .where(and(eq(taxRules.merchantId, scope.merchantId), eq(taxRules.id, scope.taxRuleId)));
  return row;
}
