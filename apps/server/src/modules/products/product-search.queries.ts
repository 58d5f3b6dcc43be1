import { searchWords } from '@tradeport/contract';
import { and, ilike, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { brands, products } from '../../platform/db/schema/index.ts';

// The word rule (contract: matchesSearchWords) in SQL, for every product search: the merchant's
// list and export, the pickers' search and the customer's catalogue. Nowhere else decides what a
// product search matches.

/**
 * Name and SKU as one lower-case text, the expression products_merchant_search_idx holds: a GIN
 * trigram index led by merchant_id (btree_gin), so a word's candidates are the merchant's alone,
 * read straight from the index, never by filtering the merchant's whole catalogue.
 *
 * Written `lower(name) || ' ' || lower(sku)` (the same text as lower(name || ' ' || sku)) on
 * purpose: the pickers' GiST index holds the other spelling (productNearestText) for its
 * nearest-first walk. Were both on one expression, PostgreSQL would take the GiST index for a
 * rare-looking word's filter too, whose bitmap scan reads ten times the pages.
 */
export const productSearchText = sql<string>`(lower(${products.name}) || ' ' || lower(${products.sku}))`;

/** The text products_search_gist_idx holds, walked in distance order by the pickers. */
export const productNearestText = sql<string>`lower(${products.name} || ' ' || ${products.sku})`;

/** A word shorter than a trigram has no trigram to look up in those indexes. */
export const TRIGRAM_LENGTH = 3;

/** True when some word of the search can be looked up in the trigram index. */
export const hasTrigramWord = (search: string | undefined) =>
  searchWords(search ?? '').some((word) => word.length >= TRIGRAM_LENGTH);

/**
 * One word in the name or SKU (the trigram index answers it) or in the name of the product's
 * brand. The text is already lower-case, so the word is lower-cased by the database too and
 * compared with LIKE: the same answer as ILIKE (which lower-cases both sides itself) without
 * folding every candidate's text again on the recheck. The brand ids are gathered once per query
 * into an array (an InitPlan), so `brand_id = any(…)` is an index condition on products_brand_idx
 * and PostgreSQL can OR the two bitmaps rather than test every product.
 */
function wordMatches(merchantId: string, word: string): SQL {
  const pattern = containsPattern(word);
  return or(
    sql`${productSearchText} like lower(${pattern})`,
    sql`${products.brandId} = any(array(
      select ${brands.id} from ${brands} where ${brands.merchantId} = ${merchantId} and ${ilike(brands.name, pattern)}
    ))`,
  )!;
}

/**
 * The merchant's products matching every word of `search`, in any order; undefined (no
 * condition) for a blank search. Each word is ANDed, so the index lookups of the words intersect.
 */
export function productMatchesSearch(options: { merchantId: string; search: string | undefined }) {
  const words = searchWords(options.search ?? '');
  if (words.length === 0) return undefined;
  return and(...words.map((word) => wordMatches(options.merchantId, word)));
}
