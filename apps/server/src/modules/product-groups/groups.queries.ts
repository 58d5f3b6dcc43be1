import type { GroupSummary } from '@tradeport/contract';
import { and, asc, eq, getTableName, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { AnyGroupKind } from './group-kind.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { afterCursor } from '../../platform/db/keyset-cursor.ts';
import { toPage } from './listing.queries.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';

// The groups themselves (tiers or visibility groups). Every query takes the merchant id: another
// merchant's group is simply not found.

/**
 * The group row's id, qualified. Drizzle leaves columns unqualified in a one-table select, and
 * inside the count subqueries a bare "id" could mean the subquery's own row.
 */
const outerGroupId = (kind: AnyGroupKind) =>
  sql`${sql.identifier(getTableName(kind.table))}.${sql.identifier('id')}`;

function summaryColumns(kind: AnyGroupKind) {
  const { table, products } = kind;
  const groupId = outerGroupId(kind);
  return {
    id: table.id,
    name: table.name,
    description: table.description,
    version: table.version,
    createdAt: table.createdAt,
    // Correlated counts: each is one index range (the membership table's primary key, or
    // customer_accounts_pricing_tier_idx) per group on the page.
    productCount: sql<number>`(select count(*)::int from ${products.table} where ${products.groupId} = ${groupId})`,
    customerCount: kind.customers.count(groupId),
  };
}

type SummaryRow = {
  id: string;
  name: string;
  description: string | null;
  version: number;
  createdAt: Date;
  productCount: number;
  customerCount: number;
};

const toSummary = (row: SummaryRow): GroupSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  product_count: Number(row.productCount),
  customer_count: Number(row.customerCount),
  version: row.version,
  created_at: row.createdAt.toISOString(),
});

export async function listGroupPage(
  db: Db,
  options: { kind: AnyGroupKind; merchantId: string; limit: number; cursor?: string; search?: string },
) {
  const { table } = options.kind;
  const sortKey = sql<string>`lower(${table.name})`;
  const conditions: (SQL | undefined)[] = [
    eq(table.merchantId, options.merchantId),
    options.search ? ilike(table.name, containsPattern(options.search)) : undefined,
    afterCursor({ cursor: options.cursor, sortKey, id: table.id }),
  ];
  const rows = await db
    .select({ ...summaryColumns(options.kind), sortKey })
    .from(table)
    .where(and(...conditions))
    .orderBy(asc(sortKey), asc(table.id))
    .limit(literalLimit(options.limit + 1));
  return toPage({
    rows,
    limit: options.limit,
    keyOf: (row) => ({ name: row.sortKey, id: row.id }),
    toItem: toSummary,
  });
}

export async function findGroup(
  db: Db,
  options: { kind: AnyGroupKind; merchantId: string; groupId: string },
) {
  const { table } = options.kind;
  const [row] = await db
    .select(summaryColumns(options.kind))
    .from(table)
    .where(and(eq(table.merchantId, options.merchantId), eq(table.id, options.groupId)));
  return row ? toSummary(row) : undefined;
}

/**
 * Whether the group is the merchant's, locking it against a concurrent delete (FOR KEY SHARE
 * still lets a rename through) so the memberships a transaction then writes have their group.
 */
export async function lockGroup(
  tx: Db,
  options: { kind: AnyGroupKind; merchantId: string; groupId: string },
) {
  const { table } = options.kind;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.merchantId, options.merchantId), eq(table.id, options.groupId)))
    .for('key share');
  return row !== undefined;
}

type GroupColumns = { name: string; description: string | null };

export async function insertGroup(
  db: Db,
  options: { kind: AnyGroupKind; merchantId: string; columns: GroupColumns },
) {
  const { table } = options.kind;
  const [row] = await db
    .insert(table)
    .values({ ...options.columns, merchantId: options.merchantId })
    .returning({ id: table.id });
  return row!.id;
}

/** False when the group is not the merchant's or its version is not `version`: nothing changes. */
export async function updateGroup(
  db: Db,
  options: {
    kind: AnyGroupKind;
    merchantId: string;
    groupId: string;
    version: number;
    columns: GroupColumns;
    now: Date;
  },
) {
  const { table } = options.kind;
  const updated = await db
    .update(table)
    .set({ ...options.columns, version: sql`${table.version} + 1`, updatedAt: options.now })
    .where(
      and(
        eq(table.merchantId, options.merchantId),
        eq(table.id, options.groupId),
        eq(table.version, options.version),
      ),
    )
    .returning({ id: table.id });
  return updated.length > 0;
}

/** Memberships go with the group (ON DELETE CASCADE; a tier's customers fall back to base prices). */
export async function deleteGroup(
  db: Db,
  options: { kind: AnyGroupKind; merchantId: string; groupId: string },
) {
  const { table } = options.kind;
  const deleted = await db
    .delete(table)
    .where(and(eq(table.merchantId, options.merchantId), eq(table.id, options.groupId)))
    .returning({ id: table.id });
  return deleted.length > 0;
}
