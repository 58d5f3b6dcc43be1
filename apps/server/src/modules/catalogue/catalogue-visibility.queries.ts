import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  products,
  visibilityGroupCustomers,
  visibilityGroupProducts,
} from '../../platform/db/schema/index.ts';

/**
 * THE visibility rule, in SQL (its statement is isProductVisibleTo in the contract, and
 * catalogue-visibility.property.test.ts holds the two together): the `products` row in scope is
 * visible to the customer account when it is active and in no visibility group, or in a group the
 * account belongs to. Every catalogue read goes through this, so a hidden product never leaves the
 * database.
 *
 * `archived_at is null` stays a top-level conjunct so PostgreSQL can use the partial index
 * products_merchant_active_name_idx.
 *
 * `isWalkingInOrder`: when the query walks that index in name order under a LIMIT, only about a
 * page of rows reaches this test, but the planner costs it for every active product and so
 * prefers hashing all of visibility_group_products up front (milliseconds at 100k products, on
 * every page). OFFSET 0 keeps each EXISTS a per-row probe of visibility_group_products_product_idx
 * (and the visibility_group_customers key) there. Elsewhere (by id) the planner's own estimate
 * is right, so it chooses.
 */
export function visibleToCustomerAccount(
  customerAccountId: string | Placeholder,
  options: { isWalkingInOrder?: boolean } = {},
): SQL {
  return sql`${products.archivedAt} is null and ${groupsLetSee(customerAccountId, {
    productId: sql`${products.id}`,
    isPerRow: options.isWalkingInOrder ?? false,
  })}`;
}

/**
 * The groups' half of the rule, for a product id already known to be active: in no group, or in
 * one of the account's. A search takes its matches from the trigram index with `archived_at is
 * null`, sorts them, and only then asks this of each in turn (`isPerRow`) until a page is full:
 * a page's worth of probes, however many products match.
 */
export function groupsLetSee(
  customerAccountId: string | Placeholder,
  options: { productId: SQL; isPerRow: boolean },
): SQL {
  const { productId } = options;
  const perRow = sql.raw(options.isPerRow ? 'offset 0' : '');
  return sql`(
    not exists (
      select 1 from ${visibilityGroupProducts} as gp where gp.product_id = ${productId} ${perRow}
    )
    or exists (
      select 1
      from ${visibilityGroupProducts} as gp
      join ${visibilityGroupCustomers} as gc on gc.group_id = gp.group_id
      where gp.product_id = ${productId} and gc.customer_account_id = ${customerAccountId}
      ${perRow}
    )
  )`;
}
