import { searchWords } from '@tradeport/contract';
import { and, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
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

/** The word in the name or SKU: a trigram index condition. */
const textHas = (word: string): SQL => sql`${productSearchText} like lower(${containsPattern(word)})`;

/**
 * Every pattern (containsPattern of each word) in the name or SKU: the word rule for a search no
 * brand's name answers. Patterns rather than words, so a prepared statement can take them.
 */
export const textHasEveryPattern = (patterns: (string | Placeholder)[]): SQL | undefined =>
  and(...patterns.map((pattern) => sql`${productSearchText} like lower(${pattern})`));

/**
 * The product's brand among the merchant's brands whose name holds one of the words. The ids are
 * gathered once per query into an array (an InitPlan), so `brand_id = any(…)` is an index
 * condition on products_brand_idx.
 */
function brandHasAny(merchantId: string, words: string[]): SQL {
  const names = or(...words.map((word) => ilike(brands.name, containsPattern(word))));
  return sql`${products.brandId} = any(array(
    select ${brands.id} from ${brands} where ${brands.merchantId} = ${merchantId} and ${names}
  ))`;
}

/**
 * The merchant's products matching every word of `search`, in any order; undefined (no
 * condition) for a blank search. Each word must be in the name or SKU or in the brand's name:
 * AND over the words of (text has it OR brand has it). Written for the indexes as the same thing
 * in two parts: every word in the text (one scan of the trigram index, which intersects the
 * words' trigrams itself), or the brand holding one of the words and then each word in either.
 * The text is already lower-case, so each word is lower-cased by the database too and compared
 * with LIKE: the same answer as ILIKE (which lower-cases both sides itself) without folding every
 * candidate's text again on the recheck.
 */
export function productMatchesSearch(options: { merchantId: string; search: string | undefined }) {
  const words = searchWords(options.search ?? '');
  if (words.length === 0) return undefined;
  const { merchantId } = options;
  // `is true`: the same test in a WHERE (null is no match), but no index condition, so the only
  // one PostgreSQL finds in this part is the brand's: not a word's trigrams again, ORed with it.
  const eachWordAnywhere = words.map(
    (word) => sql`(${or(textHas(word), brandHasAny(merchantId, [word]))}) is true`,
  );
  return or(and(...words.map(textHas)), and(brandHasAny(merchantId, words), ...eachWordAnywhere))!;
}
