import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import type {
  pricingTiers,
  tierPrices,
  visibilityGroupProducts,
  visibilityGroups,
} from '../../platform/db/schema/index.ts';

// Where a group kind (group-kind.ts) keeps its groups, their products and their customers. Each
// kind's storage is written beside its tables (pricing-tier-storage.queries.ts,
// visibility-group-storage.queries.ts); the shared queries of this folder read it.

/** The two group tables: same columns (id, merchant_id, name, description, version, timestamps). */
export type GroupTable = typeof pricingTiers | typeof visibilityGroups;

/** One product going into a group; a kind's entries add what it stores beside it (a tier's price). */
export type ProductEntry = { productId: string };

/**
 * How a kind stores which customers are in a group: a tier in a column of customer_accounts (a
 * customer has at most one), a visibility group in a join table.
 */
export type CustomerMembership = {
  /** True for the customer_accounts row in scope when it is in the group. */
  isMember(groupId: string): SQL;
  /** The number of customers in the group whose id column is `outerGroupId`. */
  count(outerGroupId: SQL): SQL<number>;
  /** Puts merchant-checked accounts in the group; answers how many were not in it already. */
  add(
    tx: Db,
    options: { merchantId: string; groupId: string; accountIds: string[]; now: Date },
  ): Promise<number>;
  /** False when the account was not in the group. */
  remove(tx: Db, options: { groupId: string; accountId: string; now: Date }): Promise<boolean>;
};

export type GroupStorage<Entry extends ProductEntry = ProductEntry> = {
  table: GroupTable;
  products: {
    table: typeof tierPrices | typeof visibilityGroupProducts;
    groupId: PgColumn;
    productId: PgColumn;
    /** Selected beside the product for its item (a tier's price). */
    extras: Record<string, PgColumn>;
    /** Writes merchant-checked entries; answers how many rows it added or changed. */
    write(
      tx: Db,
      options: { merchantId: string; groupId: string; entries: Entry[]; now: Date },
    ): Promise<number>;
  };
  customers: CustomerMembership;
};
