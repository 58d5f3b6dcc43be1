import type { GroupCustomer } from '@tradeport/contract';
import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { customerAccounts, organisations, products } from '../../platform/db/schema/index.ts';
import type { AnyGroupKind, GroupProductRow } from './group-kind.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { afterCursor } from '../../platform/db/keyset-cursor.ts';
import { productMatchesSearch } from '../products/product-search.queries.ts';
import { toPage } from './listing.queries.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';

// The products and customers in a group. Callers have checked the group is the merchant's; the
// product and customer sides are scoped to the merchant again here.

type PageOptions = { limit: number; cursor?: string; search?: string };
type InGroup = { kind: AnyGroupKind; merchantId: string; groupId: string };

const productSortKey = sql<string>`lower(${products.name})`;

function selectGroupProducts(db: Db, options: InGroup & { conditions: (SQL | undefined)[] }) {
  const { products: members } = options.kind;
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      archivedAt: products.archivedAt,
      basePriceCents: products.basePriceCents,
      sortKey: productSortKey,
      extras: members.extras,
    })
    .from(members.table)
    .innerJoin(products, eq(products.id, members.productId))
    .where(
      and(
        eq(members.groupId, options.groupId),
        eq(products.merchantId, options.merchantId),
        ...options.conditions,
      ),
    );
}

// Drizzle leaves out a nested selection with no columns (a visibility group's extras).
const toItem = (kind: AnyGroupKind) => (row: Omit<GroupProductRow, 'extras'> & { extras?: object }) =>
  kind.products.toItem({
    ...row,
    basePriceCents: Number(row.basePriceCents),
    extras: { ...row.extras },
  });

export async function listGroupProductPage(db: Db, options: InGroup & PageOptions) {
  const rows = await selectGroupProducts(db, {
    ...options,
    conditions: [
      productMatchesSearch({ merchantId: options.merchantId, search: options.search }),
      afterCursor({ cursor: options.cursor, sortKey: productSortKey, id: products.id }),
    ],
  })
    .orderBy(asc(productSortKey), asc(products.id))
    .limit(literalLimit(options.limit + 1));
  return toPage({
    rows,
    limit: options.limit,
    keyOf: (row) => ({ name: row.sortKey, id: row.id }),
    toItem: toItem(options.kind),
  });
}

export async function findGroupProduct(db: Db, options: InGroup & { productId: string }) {
  const [row] = await selectGroupProducts(db, {
    ...options,
    conditions: [eq(products.id, options.productId)],
  });
  return row ? toItem(options.kind)(row) : undefined;
}

/**
 * How many of `productIds` are the merchant's, locking them against a concurrent delete so the
 * memberships written next still have their products.
 */
export async function lockMerchantProducts(tx: Db, options: { merchantId: string; productIds: string[] }) {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, options.merchantId), inArray(products.id, options.productIds)))
    .for('key share');
  return rows.length;
}

export async function deleteGroupProduct(
  db: Db,
  options: { kind: AnyGroupKind; groupId: string; productId: string },
) {
  const { products: members } = options.kind;
  const deleted = await db
    .delete(members.table)
    .where(and(eq(members.groupId, options.groupId), eq(members.productId, options.productId)))
    .returning();
  return deleted.length > 0;
}

const customerSortKey = sql<string>`lower(${organisations.title})`;

function selectCustomers(db: Db, options: { merchantId: string; conditions: (SQL | undefined)[] }) {
  return db
    .select({
      id: customerAccounts.id,
      organisationId: organisations.id,
      title: organisations.title,
      archivedAt: customerAccounts.archivedAt,
      sortKey: customerSortKey,
    })
    .from(customerAccounts)
    .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
    .where(and(eq(customerAccounts.merchantId, options.merchantId), ...options.conditions));
}

const toGroupCustomer = (row: {
  id: string;
  organisationId: string;
  title: string;
  archivedAt: Date | null;
}): GroupCustomer => ({
  customer_id: row.id,
  organisation_id: row.organisationId,
  title: row.title,
  is_archived: row.archivedAt !== null,
});

export async function listGroupCustomerPage(db: Db, options: InGroup & PageOptions) {
  return listMerchantCustomerPage(db, {
    ...options,
    isMember: options.kind.customers.isMember(options.groupId),
  });
}

/**
 * A page of the merchant's customer accounts that `isMember` picks (a condition on
 * customer_accounts), by name, with search: a group's customers, a delivery method's.
 */
export async function listMerchantCustomerPage(
  db: Db,
  options: { merchantId: string; isMember: SQL } & PageOptions,
) {
  const rows = await selectCustomers(db, {
    merchantId: options.merchantId,
    conditions: [
      options.isMember,
      options.search ? ilike(organisations.title, containsPattern(options.search)) : undefined,
      afterCursor({ cursor: options.cursor, sortKey: customerSortKey, id: customerAccounts.id }),
    ],
  })
    .orderBy(asc(customerSortKey), asc(customerAccounts.id))
    .limit(literalLimit(options.limit + 1));
  return toPage({
    rows,
    limit: options.limit,
    keyOf: (row) => ({ name: row.sortKey, id: row.id }),
    toItem: toGroupCustomer,
  });
}

/** The merchant's customer account, in or out of any group; undefined for another merchant's. */
export async function findMerchantCustomer(db: Db, options: { merchantId: string; accountId: string }) {
  const [row] = await selectCustomers(db, {
    merchantId: options.merchantId,
    conditions: [eq(customerAccounts.id, options.accountId)],
  });
  return row ? toGroupCustomer(row) : undefined;
}

/** How many of `accountIds` are the merchant's customer accounts, locking them as products above. */
export async function lockMerchantCustomers(tx: Db, options: { merchantId: string; accountIds: string[] }) {
  const rows = await tx
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.merchantId, options.merchantId),
        inArray(customerAccounts.id, options.accountIds),
      ),
    )
    .for('key share');
  return rows.length;
}
