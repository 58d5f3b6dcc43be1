import type { ProductSort, ProductStatus, SortDirection } from '@tradeport/contract';
import { and, asc, count, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { badCursor, decodeCursor, encodeCursor, instantKey } from '../../platform/db/keyset-cursor.ts';
import { preparedOnce } from '../../platform/db/prepared-once.ts';
import { products } from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import { hasTrigramWord } from './product-search.queries.ts';
import {
  planPostingsSearch,
  searchPatterns,
  selectPostingsMatches,
  walkSlots,
} from './product-search-postings.queries.ts';
import {
  type Filters,
  productFilterConditions,
  selectProducts,
  statusCondition,
} from './products.queries.ts';

// The merchant's product list: one page in the chosen sort and direction, keyset-paged.

/**
 * Each sort's key, as its index orders it (products_merchant_name_idx, products_merchant_sku_key
 * and the sort indexes of migration 0008, each (merchant_id, key, id)), and how a cursor carries
 * it: as text the database wrote, checked before it goes back (a bad cursor is a 400, never a
 * failed cast). The update time travels as whole microseconds since 1970, exactly.
 */
const SORTS: Record<
  ProductSort,
  { key: SQL; text: SQL; from: (text: string | Placeholder) => SQL; isValid: (text: string) => boolean }
> = {
  name: {
    key: sql`lower(${products.name})`,
    text: sql`lower(${products.name})`,
    from: (text) => sql`${text}::text`,
    isValid: (text) => !text.includes('\u0000'),
  },
  sku: {
    key: sql`lower(${products.sku})`,
    text: sql`lower(${products.sku})`,
    from: (text) => sql`${text}::text`,
    isValid: (text) => !text.includes('\u0000'),
  },
  price: {
    key: sql`${products.basePriceCents}`,
    text: sql`${products.basePriceCents}::text`,
    from: (text) => sql`${text}::bigint`,
    isValid: (text) => /^-?\d{1,18}$/.test(text),
  },
  updated: {
    key: sql`${products.updatedAt}`,
    text: instantKey(products.updatedAt),
    from: (text) => sql`('epoch'::timestamptz + (${text}::text || ' microseconds')::interval)`,
    isValid: (text) => /^-?\d{1,18}$/.test(text),
  },
};

/**
 * One page in the chosen order, keyset on (sort key, id), either way round, as an index orders
 * it: a page costs the same at row 10 and row 100,000, and rows added meanwhile are neither lost
 * nor repeated. Search (2+ characters) matches by the word rule: every word in the name, SKU or
 * brand. With `withTotal`, also how many products match (a count over the same conditions).
 */
export async function listProductRows(
  db: Db,
  options: {
    merchantId: string;
    limit: number;
    cursor?: string;
    filters: Filters;
    sort?: ProductSort;
    direction?: SortDirection;
    withTotal?: boolean;
  },
) {
  const { merchantId, filters } = options;
  const sortName = options.sort ?? 'name';
  const sort = SORTS[sortName];
  const direction = options.direction ?? 'asc';
  const isDescending = direction === 'desc';
  let after: { key: string; id: string } | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor, {
      sort: 'text',
      direction: 'text',
      key: 'text',
      id: 'uuid',
    });
    // A cursor belongs to its sort and direction: another's would give a wrong page.
    if (decoded.sort !== sortName || decoded.direction !== direction || !sort.isValid(decoded.key))
      throw badCursor();
    after = { key: decoded.key, id: decoded.id };
  }
  const shape = { sortName, isDescending, limit: options.limit + 1, isAfterCursor: after !== undefined };
  const isPlain = !filters.search && !filters.brand_id && !filters.supplier_id && !filters.category_id;
  const pageRows = async () => {
    if (isPlain) {
      return plainPage(db, { ...shape, status: filters.status }).execute({
        merchantId,
        afterKey: after?.key,
        afterId: after?.id,
      });
    }
    // The word index holds active products in name order: a search of those walks it.
    const plan =
      sortName === 'name' && filters.status === 'active' && hasTrigramWord(filters.search)
        ? await planPostingsSearch(db, { merchantId, search: filters.search! })
        : undefined;
    if (plan?.kind === 'empty') return [];
    if (plan?.kind === 'walk') {
      const patterns = searchPatterns(filters.search!);
      const statement = postingsPage(db, {
        ...walkSlots(plan),
        words: patterns.length,
        isAfterCursor: after !== undefined,
        isDescending,
        filters: {
          brand: !!filters.brand_id,
          supplier: !!filters.supplier_id,
          category: !!filters.category_id,
        },
        limit: shape.limit,
      });
      const values: Record<string, unknown> = {
        merchantId,
        terms: plan.terms,
        alsoTerms: plan.alsoTerms,
        afterKey: after?.key,
        afterId: after?.id,
        brandId: filters.brand_id,
        supplierId: filters.supplier_id,
        categoryId: filters.category_id,
      };
      patterns.forEach((pattern, i) => (values[`word${i}`] = pattern));
      return statement.execute(values);
    }
    return selectPage(db, {
      ...shape,
      conditions: productFilterConditions(merchantId, filters),
      after: after && { key: after.key, id: after.id },
      isSearch: hasTrigramWord(filters.search),
    });
  };
  const [rows, total] = await Promise.all([
    pageRows(),
    options.withTotal ? countMatching(db, productFilterConditions(merchantId, filters)) : null,
  ]);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page,
    total,
    next_cursor:
      rows.length > options.limit && last
        ? encodeCursor({ sort: sortName, direction, key: last.sortKey, id: last.product.id })
        : null,
  };
}

type PageShape = { sortName: ProductSort; isDescending: boolean; limit: number; isAfterCursor: boolean };

/** One page's statement: the filters' conditions, then the keyset after the cursor's (key, id). */
function selectPage(
  db: Db,
  options: Omit<PageShape, 'isAfterCursor'> & {
    conditions: (SQL | undefined)[];
    after: { key: string | Placeholder; id: string | Placeholder } | undefined;
    isSearch: boolean;
  },
) {
  const sort = SORTS[options.sortName];
  const { isDescending, after, isSearch } = options;
  const conditions = [...options.conditions];
  if (after) {
    conditions.push(
      isDescending
        ? sql`(${sort.key}, ${products.id}) < (${sort.from(after.key)}, ${after.id}::uuid)`
        : sql`(${sort.key}, ${products.id}) > (${sort.from(after.key)}, ${after.id}::uuid)`,
    );
  }
  // With a word the trigram index can look up, the matches are found first and then sorted:
  // walking in key order would read every product before a rare match. The planner assumes
  // matches are spread evenly, so the non-default null placement (no key is ever null: the same
  // order) is what tells it the key's index cannot supply this order (as the catalogue does).
  const order = isDescending
    ? [isSearch ? sql`${sort.key} desc nulls last` : sql`${sort.key} desc`, desc(products.id)]
    : [isSearch ? sql`${sort.key} asc nulls first` : sql`${sort.key} asc`, asc(products.id)];
  return selectProducts(db, sql<string>`${sort.text}`)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(literalLimit(options.limit));
}

/**
 * The list's most asked-for pages (no search, no filter but the status), as selectPage writes
 * them, prepared once rather than built on every request.
 */
function plainPage(db: Db, options: PageShape & { status: ProductStatus }) {
  const name = ['products_page', options.sortName, options.isDescending ? 'desc' : 'asc', options.status];
  if (options.isAfterCursor) name.push('after');
  name.push(String(options.limit));
  return preparedOnce(db, name.join('_'), (statementName) => {
    const conditions = [
      eq(products.merchantId, sql.placeholder('merchantId')),
      statusCondition(options.status),
    ];
    const after = options.isAfterCursor
      ? { key: sql.placeholder('afterKey'), id: sql.placeholder('afterId') }
      : undefined;
    return selectPage(db, { ...options, conditions, after, isSearch: false }).prepare(statementName);
  });
}

/**
 * A search's page of active products by name from the word index (selectPostingsMatches), with
 * the list's filters, prepared once per shape.
 */
function postingsPage(
  db: Db,
  shape: {
    slots: number;
    alsoSlots: number;
    words: number;
    isAfterCursor: boolean;
    isDescending: boolean;
    filters: { brand: boolean; supplier: boolean; category: boolean };
    limit: number;
  },
) {
  const filters = Object.entries(shape.filters).flatMap(([filter, isOn]) => (isOn ? [filter] : []));
  const name = [
    'products_postings',
    shape.slots,
    shape.alsoSlots,
    shape.words,
    shape.isDescending ? 'desc' : 'asc',
    shape.isAfterCursor ? 'after' : '',
    ...filters,
    shape.limit,
  ].join('_');
  return preparedOnce(db, name, (statementName) => {
    const page = selectPostingsMatches(db, {
      merchantId: sql.placeholder('merchantId'),
      patterns: Array.from({ length: shape.words }, (_, i) => sql.placeholder(`word${i}`)),
      terms: sql.placeholder('terms'),
      slots: shape.slots,
      alsoTerms: sql.placeholder('alsoTerms'),
      alsoSlots: shape.alsoSlots,
      after: shape.isAfterCursor
        ? { name: sql.placeholder('afterKey'), id: sql.placeholder('afterId') }
        : undefined,
      conditions: [
        shape.filters.brand ? eq(products.brandId, sql.placeholder('brandId')) : undefined,
        shape.filters.supplier ? eq(products.supplierId, sql.placeholder('supplierId')) : undefined,
        shape.filters.category ? eq(products.categoryId, sql.placeholder('categoryId')) : undefined,
      ],
      limit: shape.limit,
      isDescending: shape.isDescending,
    });
    const order = shape.isDescending ? desc : asc;
    return selectProducts(db)
      .innerJoin(page, eq(page.id, products.id))
      .orderBy(order(page.sortKey), order(page.id))
      .prepare(statementName);
  });
}

async function countMatching(db: Db, conditions: (SQL | undefined)[]) {
  const [row] = await db
    .select({ total: count() })
    .from(products)
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}
