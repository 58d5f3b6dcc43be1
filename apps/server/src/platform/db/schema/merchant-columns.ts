import { type SQL, sql } from 'drizzle-orm';
import { integer, type PgColumn, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
