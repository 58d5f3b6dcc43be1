import { encodeCursor } from '../../platform/db/keyset-cursor.ts';

// Keyset pages shared by the group lists and the catalogue (search is the products' word rule).

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
