import { type SQL, sql } from 'drizzle-orm';
import { foreignKey, integer, type PgColumn, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { organisations } from './organisations.ts';

// Columns shared by the merchant-owned tables. Function declarations, not arrow constants, on
// purpose: organisations.ts and pricing.ts import each other (a customer account names its tier),
// so pricing.ts can run before this module has finished; hoisted functions are callable then.

/** The owning merchant; its records go with it. */
export function merchantId() {
  return uuid()
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });
}

/**
 * The merchant of a row that also names a parent row by (merchant_id, parent id), which already
 * ties it to an existing merchant (and goes with the parent): no key of its own to check. Placing
 * writes ten order lines and an event, each of whose merchant key PostgreSQL would check again.
 */
export function merchantIdOfChild() {
  return uuid().notNull();
}

/** A merchant's named list (pricing tier, visibility group): name, description and a version. */
export function namedListColumns() {
  return {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    name: text().notNull(),
    description: text(),
    /** Optimistic-concurrency counter: a stale edit gets 409. */
    version: integer().notNull().default(1),
    ...timestamps,
  };
}

/**
 * Names unique per merchant regardless of case, so "Bega" and "bega" cannot both exist; `within`
 * narrows the scope (siblings, for categories).
 */
export function uniqueNamePerMerchant(
  indexName: string,
  table: { merchantId: PgColumn; name: PgColumn },
  ...within: SQL[]
) {
  return uniqueIndex(indexName).on(table.merchantId, ...within, sql`lower(${table.name})`);
}

/**
 * unique (merchant_id, id) on a merchant's table: the key its children reference (merchantReference),
 * so the merchant is part of every link. `id` is already the primary key, so this never refuses a row.
 */
export function merchantKey(tableName: string, table: { merchantId: PgColumn; id: PgColumn }) {
  return unique(`${tableName}_merchant_id_id_key`).on(table.merchantId, table.id);
}

type MerchantOwned = { merchantId: PgColumn; id: PgColumn };

/**
 * (merchant_id, column) → parent (merchant_id, id): a row can only ever point at a record of its
 * own merchant, whatever the code above it checks. A null `column` points nowhere (MATCH SIMPLE),
 * so optional references stay optional. The parent declares merchantKey.
 *
 * 'set null' would also null merchant_id (NOT NULL, so the delete would fail): the migration
 * narrows it to `ON DELETE SET NULL (column)` (PostgreSQL 15+), which drizzle cannot spell, and a
 * test holds it to that (merchant-foreign-keys.test.ts).
 */
export function merchantReference(options: {
  name: string;
  columns: [merchantId: PgColumn, column: PgColumn];
  parent: MerchantOwned;
  onDelete: 'cascade' | 'restrict' | 'set null';
}) {
  return foreignKey({
    name: options.name,
    columns: options.columns,
    foreignColumns: [options.parent.merchantId, options.parent.id],
  }).onDelete(options.onDelete);
}
