import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { products } from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import type { CatalogueViewer } from './catalogue-viewer.ts';
import { groupsLetSee } from './catalogue-visibility.queries.ts';

// A catalogue search's page when the word index cannot give it (catalogue.queries.ts,
// listCataloguePage): the trigram way, either a bounded walk in name order or the trigram index's
// matches sorted. Both answer the rows the visibility rule lets the account see, in name order.

/** The catalogue's order: by name, case-folded (then id). */
export const sortKey = sql<string>`lower(${products.name})`;

/** Products a search walks in name order before it turns to the trigram index instead. */
export const WALKED_ROWS = 2_000;

/**
 * A search's page from the next WALKED_ROWS active products in name order (the walk of
 * products_merchant_active_name_idx, each row's match worked out beside it), then the groups'
 * half of the visibility rule for each match in turn until the page is full. Fewer rows than
 * asked when the walk ran out first: the caller then asks selectVisibleMatches.
 */
export function selectWalkedMatches(
  db: Db,
  options: { viewer: CatalogueViewer; match: SQL; conditions: (SQL | undefined)[]; limit: number },
) {
  const { merchantId, customerAccountId } = options.viewer;
  const walk = db
    .select({
      id: products.id,
      sortKey: sortKey.as('sort_key'),
      isMatch: sql<boolean>`${options.match}`.as('is_match'),
    })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), isNull(products.archivedAt), ...options.conditions))
    .orderBy(asc(sortKey), asc(products.id))
    .limit(literalLimit(WALKED_ROWS))
    .as('walk');
  return db
    .select({ id: walk.id, sortKey: walk.sortKey })
    .from(walk)
    .where(
      and(
        sql`${walk.isMatch}`,
        groupsLetSee(customerAccountId, { productId: sql`${walk.id}`, isPerRow: true }),
      ),
    )
    .orderBy(asc(walk.sortKey), asc(walk.id))
    .limit(literalLimit(options.limit))
    .as('page');
}

/**
 * A search's page when the walk finds too few: the merchant's active products matching the
 * words, straight from the trigram index (products_merchant_search_idx, led by merchant_id),
 * sorted by name; then the groups' half of the visibility rule for each in that order until the
 * page is full. OFFSET 0 keeps the candidates a subquery of their own, so PostgreSQL neither
 * tests visibility before sorting (a probe per match, thousands for a common word) nor hashes
 * every visibility group up front.
 */
export function selectVisibleMatches(
  db: Db,
  options: { viewer: CatalogueViewer; conditions: (SQL | undefined)[]; limit: number },
) {
  const { merchantId, customerAccountId } = options.viewer;
  const candidates = db
    .select({ id: products.id, sortKey: sortKey.as('sort_key') })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), isNull(products.archivedAt), ...options.conditions))
    .orderBy(sql`${sortKey} asc nulls first`, asc(products.id))
    .offset(literalOffsetZero)
    .as('candidates');
  return db
    .select({ id: candidates.id, sortKey: candidates.sortKey })
    .from(candidates)
    .where(groupsLetSee(customerAccountId, { productId: sql`${candidates.id}`, isPerRow: true }))
    .orderBy(sql`${candidates.sortKey} asc nulls first`, asc(candidates.id))
    .limit(literalLimit(options.limit))
    .as('page');
}

/** `offset 0` written into the statement (a parameter would leave the planner guessing). */
const literalOffsetZero = sql.raw('0') as unknown as number;
