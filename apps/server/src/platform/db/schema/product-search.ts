import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

// The word index of product search (product-search-postings.queries.ts), kept by the database
// itself: triggers on products (migration 0012) write these rows for every insert, update and
// delete, so no code path can forget them. Derived data, not a tenant's records: no foreign keys
// (a check per row would double the cost of a 10,000-row import); a merchant's products going
// away take their postings with them through the same triggers.

/**
 * One row per distinct search term of each active product: the terms of
 * lower(name || ' ' || sku) (product_search_terms in 0012: its whitespace-separated tokens, and
 * the parts of those tokens between punctuation), with the product's keyset sort key. The key is
 * (merchant, term, sort key, product): the products holding one term, already in the catalogue's
 * (lower(name), id) order, so a search walks a term's postings and stops after a page.
 */
export const productSearchTokens = pgTable(
  'product_search_tokens',
  {
    merchantId: uuid().notNull(),
    token: text().notNull(),
    sortKey: text().notNull(),
    productId: uuid().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'product_search_tokens_pkey',
      columns: [t.merchantId, t.token, t.sortKey, t.productId],
    }),
  ],
);

/**
 * Each merchant's terms, so that the terms containing a word are found on a table of terms, not
 * of postings. Only ever added to: a term no product holds any more costs an empty walk. Not
 * unique on purpose: two transactions adding the same new term each add a row rather than one
 * waiting for the other (readers take distinct terms).
 *
 * `is_compound`: the term has punctuation in it, so it is a whole token (a SKU such as
 * "bmk-000011"), whose parts are terms too. A word without punctuation is found in the parts
 * alone, so "oat" looks up two terms ("oat", "oats"), not every SKU that starts with OAT-.
 * Trigram GIN indexes on the term alone, not led by merchant_id: a btree_gin merchant key is one
 * posting list holding all of the merchant's terms, read whole on every lookup (measured 0.75 ms
 * against 0.03 ms at 100,000 products); the merchant is checked on the few rows found.
 */
export const productSearchVocabulary = pgTable(
  'product_search_vocabulary',
  {
    merchantId: uuid().notNull(),
    token: text().notNull(),
    isCompound: boolean().notNull(),
  },
  (t) => [
    // The triggers' "is this term new?"; led by the term, so that no search takes it to list a
    // merchant's terms in order, testing each.
    index('product_search_vocabulary_token_idx').on(t.token, t.merchantId),
    // fastupdate off: GIN's pending list (an import's new terms) is read whole by every lookup
    // until a vacuum merges it (252 pages, 8 ms a search, measured); new terms are few, so
    // writing them straight into the index costs little.
    index('product_search_vocabulary_parts_idx')
      .using('gin', sql`${t.token} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`not ${t.isCompound}`),
    index('product_search_vocabulary_compounds_idx')
      .using('gin', sql`${t.token} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${t.isCompound}`),
  ],
);
