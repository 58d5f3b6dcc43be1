import type { ShippingMethod } from '@tradeport/contract';
import { and, asc, eq, getTableName, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor } from '../../platform/db/keyset-cursor.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import {
  customerAccounts,
  organisations,
  shippingMethodCustomers,
  shippingMethods,
} from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import { toPage } from '../product-groups/listing.queries.ts';
import { shippingRuleColumns, toOfferedShippingMethod } from './shipping-offers.queries.ts';

// A merchant's delivery methods. Every query names the merchant: another merchant's method is
// simply not found, and nothing of it changes.

type InMerchant = { merchantId: string };
type InMethod = InMerchant & { methodId: string };

/** The method row's id, qualified: inside the count subquery a bare "id" would be ambiguous. */
const outerMethodId = sql`${sql.identifier(getTableName(shippingMethods))}.${sql.identifier('id')}`;

const methodColumns = {
  ...shippingRuleColumns,
  isAvailableToAll: shippingMethods.isAvailableToAll,
  isActive: shippingMethods.isActive,
  version: shippingMethods.version,
  createdAt: shippingMethods.createdAt,
  // One range of the assignment table's primary key per method on the page.
  customerCount: sql<number>`(select count(*)::int from ${shippingMethodCustomers} where ${shippingMethodCustomers.shippingMethodId} = ${outerMethodId})`,
};

type MethodRow = Parameters<typeof toOfferedShippingMethod>[0] & {
  isAvailableToAll: boolean;
  isActive: boolean;
  version: number;
  createdAt: Date;
  customerCount: number;
};

const toMethod = (row: MethodRow): ShippingMethod => ({
  ...toOfferedShippingMethod(row),
  is_available_to_all: row.isAvailableToAll,
  is_active: row.isActive,
  customer_count: Number(row.customerCount),
  version: row.version,
  created_at: row.createdAt.toISOString(),
});

/** What a create or an edit writes: the rules and the switches, as the contract validated them. */
export type MethodColumns = {
  name: string;
  kind: ShippingMethod['kind'];
  feeCents: number;
  feeBands: ShippingMethod['fee_bands'];
  freeAboveCents: number | null;
  minimumOrderCents: number | null;
  weekdays: number[];
  leadDays: number;
  cutOffMinutes: number | null;
  isAvailableToAll: boolean;
  isActive: boolean;
};

const sortKey = sql<string>`lower(${shippingMethods.name})`;

export async function listMethodPage(
  db: Db,
  options: InMerchant & { limit: number; cursor?: string; search?: string },
) {
  const conditions: (SQL | undefined)[] = [
    eq(shippingMethods.merchantId, options.merchantId),
    options.search ? ilike(shippingMethods.name, containsPattern(options.search)) : undefined,
    afterCursor({ cursor: options.cursor, sortKey, id: shippingMethods.id }),
  ];
  const rows = await db
    .select({ ...methodColumns, sortKey })
    .from(shippingMethods)
    .where(and(...conditions))
    .orderBy(asc(sortKey), asc(shippingMethods.id))
    .limit(literalLimit(options.limit + 1));
  return toPage({
    rows,
    limit: options.limit,
    keyOf: (row) => ({ name: row.sortKey, id: row.id }),
    toItem: toMethod,
  });
}

/** The merchant's IANA time zone, which cut-off times are read in. */
export async function merchantTimeZone(db: Db, options: InMerchant) {
  const [row] = await db
    .select({ timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, options.merchantId));
  return row?.timeZone;
}

export async function findMethod(db: Db, options: InMethod) {
  const [row] = await db
    .select(methodColumns)
    .from(shippingMethods)
    .where(and(eq(shippingMethods.merchantId, options.merchantId), eq(shippingMethods.id, options.methodId)));
  return row ? toMethod(row) : undefined;
}

/**
 * Whether the method is the merchant's, locking it against a concurrent delete (FOR KEY SHARE
 * still lets an edit through) so the assignments a transaction then writes have their method.
 */
export async function lockMethod(tx: Db, options: InMethod) {
  const [row] = await tx
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(and(eq(shippingMethods.merchantId, options.merchantId), eq(shippingMethods.id, options.methodId)))
    .for('key share');
  return row !== undefined;
}

export async function insertMethod(db: Db, options: InMerchant & { columns: MethodColumns }) {
  const [row] = await db
    .insert(shippingMethods)
    .values({ ...options.columns, merchantId: options.merchantId })
    .returning({ id: shippingMethods.id });
  return row!.id;
}

/** False when the method is not the merchant's or its version is not `version`: nothing changes. */
export async function updateMethod(
  db: Db,
  options: InMethod & { version: number; columns: MethodColumns; now: Date },
) {
  const updated = await db
    .update(shippingMethods)
    .set({ ...options.columns, version: sql`${shippingMethods.version} + 1`, updatedAt: options.now })
    .where(
      and(
        eq(shippingMethods.merchantId, options.merchantId),
        eq(shippingMethods.id, options.methodId),
        eq(shippingMethods.version, options.version),
      ),
    )
    .returning({ id: shippingMethods.id });
  return updated.length > 0;
}

/** Its assignments go with it (ON DELETE CASCADE). */
export async function deleteMethod(db: Db, options: InMethod) {
  const deleted = await db
    .delete(shippingMethods)
    .where(and(eq(shippingMethods.merchantId, options.merchantId), eq(shippingMethods.id, options.methodId)))
    .returning({ id: shippingMethods.id });
  return deleted.length > 0;
}

/** Assigns the accounts (already checked as the merchant's); how many were not assigned before. */
export async function assignCustomers(tx: Db, options: InMethod & { accountIds: string[] }) {
  const inserted = await tx
    .insert(shippingMethodCustomers)
    .values(
      options.accountIds.map((customerAccountId) => ({
        merchantId: options.merchantId,
        shippingMethodId: options.methodId,
        customerAccountId,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: shippingMethodCustomers.customerAccountId });
  return inserted.length;
}

export async function unassignCustomer(tx: Db, options: InMethod & { accountId: string }) {
  const deleted = await tx
    .delete(shippingMethodCustomers)
    .where(
      and(
        eq(shippingMethodCustomers.merchantId, options.merchantId),
        eq(shippingMethodCustomers.shippingMethodId, options.methodId),
        eq(shippingMethodCustomers.customerAccountId, options.accountId),
      ),
    )
    .returning({ id: shippingMethodCustomers.customerAccountId });
  return deleted.length > 0;
}

/** The condition "the customer account is assigned to the method", for the customer list. */
export const isAssignedTo = (methodId: string) => sql`exists (
  select 1 from ${shippingMethodCustomers}
  where ${shippingMethodCustomers.shippingMethodId} = ${methodId}
    and ${shippingMethodCustomers.customerAccountId} = ${customerAccounts.id}
)`;
