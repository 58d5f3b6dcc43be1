import { sql } from 'drizzle-orm';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { products } from '../../platform/db/schema/index.ts';
import { encodeCursor } from '../../platform/db/keyset-cursor.ts';

// Keyset paging by (lower(name), id) and search, shared by the group lists and the catalogue.

/**
 * A product whose name or SKU contains the text. Written exactly as products_search_trgm_idx is
 * defined (lower(name || ' ' || sku)) so PostgreSQL can answer it from that trigram index.
 */
export const productMatches = (search: string) =>
  sql`lower(${products.name} || ' ' || ${products.sku}) ilike ${containsPattern(search)}`;

/** The page of `limit` rows from `limit + 1` fetched, with the cursor to the next one. */
export function toPage<Row, Item>(options: {
  rows: Row[];
  limit: number;
  keyOf(row: NoInfer<Row>): { name: string; id: string };
  toItem(row: NoInfer<Row>): Item;
}) {
  const page = options.rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => options.toItem(row)),
    next_cursor: options.rows.length > options.limit && last ? encodeCursor(options.keyOf(last)) : null,
  };
}
