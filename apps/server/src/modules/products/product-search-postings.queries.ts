import { searchWords } from '@tradeport/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { brands, products, productSearchTokens, productSearchVocabulary } from '../../platform/db/schema/index.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import { TRIGRAM_LENGTH, textHasEveryWord } from './product-search.queries.ts';

// Search on the word index (product_search_tokens, kept by the triggers of migration 0012). A
// word of a search has no whitespace, so a product's text holds it exactly when one of the text's
// terms does; the terms holding it are looked up in the merchant's vocabulary, and their postings,
// kept in the catalogue's (lower(name), id) order, are walked until a page is found: about the
// cost of a page of browsing, however rare or common the word. The brand half of the word rule
// (a word in the brand's name instead) is not in the index: a search with a word in one of the
// merchant's brand names goes the trigram way (productMatchesSearch) instead.

/**
 * The punctuation product_search_terms (0012) splits a token's parts on: a word with none is in
 * the parts alone (the vocabulary's non-compound terms), one with some in whole tokens only.
 */
const PUNCTUATION = /[!-/:-@[-`{-~]/;

/** Terms a word may be walked with (a merge of that many ordered scans); more: not walked. */
export const MAX_WALKED_TERMS = 16;
/** Words looked up, the longest first (more likely rare); the others are checked per row. */
const MAX_LOOKED_UP_WORDS = 4;
/** Words whose postings are walked together, joined on the product; the others checked per row. */
const MAX_WALKED_WORDS = 2;
/** Term counts a walk is written for (unused slots are null and find nothing): few statements. */
const TERM_STEPS = [1, 2, 4, 8, MAX_WALKED_TERMS];

/**
 * How a search's page can be found: `walk` (each entry the terms of one word, to walk and join),
 * `empty` (a word no product of the merchant holds, and no brand's name either: no match), or
 * `trigram` (a word in a brand's name, no word long enough to look up, or only words with too
 * many terms: productMatchesSearch on the trigram index).
 */
export type PostingsPlan = { kind: 'walk'; walks: string[][] } | { kind: 'empty' } | { kind: 'trigram' };

/**
 * One round trip: for the longest words, the merchant's terms holding each (up to one more than
 * MAX_WALKED_TERMS, to tell "too many"), and whether any word is in one of its brands' names.
 */
export async function planPostingsSearch(
  db: Db,
  options: { merchantId: string; search: string },
): Promise<PostingsPlan> {
  const { merchantId } = options;
  const words = searchWords(options.search);
  const lookedUp = words
    .filter((word) => word.length >= TRIGRAM_LENGTH)
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_LOOKED_UP_WORDS);
  if (lookedUp.length === 0) return { kind: 'trigram' };
  const v = productSearchVocabulary;
  // The partial trigram index of the word's kind of term (its condition written out, so that a
  // cached generic plan still uses it).
  const termsOf = (word: string) => sql`to_json(array(
    select distinct ${v.token} from ${v}
    where ${v.token} like lower(${containsPattern(word)}) and ${v.merchantId} = ${merchantId}
      and ${PUNCTUATION.test(word) ? sql`${v.isCompound}` : sql`not ${v.isCompound}`}
    limit ${sql.raw(String(MAX_WALKED_TERMS + 1))}
  ))`;
  const brandNames = sql.join(
    words.map((word) => sql`${brands.name} ilike ${containsPattern(word)}`),
    sql` or `,
  );
  const result = (await db.execute(sql`select
    exists (select 1 from ${brands} where ${brands.merchantId} = ${merchantId} and (${brandNames})) as is_brand,
    json_build_array(${sql.join(lookedUp.map(termsOf), sql`, `)}) as terms`)) as unknown as {
    rows: { is_brand: boolean; terms: string[][] }[];
  };
  const row = result.rows[0]!;
  if (row.is_brand) return { kind: 'trigram' };
  if (row.terms.some((terms) => terms.length === 0)) return { kind: 'empty' };
  const walks = row.terms
    .filter((terms) => terms.length <= MAX_WALKED_TERMS)
    // Stable: among equals, the longer word (looked up first) walks.
    .sort((a, b) => a.length - b.length)
    .slice(0, MAX_WALKED_WORDS);
  return walks.length === 0 ? { kind: 'trigram' } : { kind: 'walk', walks };
}

const t = productSearchTokens;

/**
 * One word's postings in (sort key, product id) order, after the cursor: one term, an ordered
 * scan of the postings' key; several, a merge of such scans (UNION ALL of ordered branches, which
 * PostgreSQL reads as a Merge Append), each product once (a product may hold two of the terms).
 */
function walkOf(options: {
  merchantId: string;
  terms: string[];
  after: { name: string; id: string } | undefined;
}): SQL {
  const { merchantId, after } = options;
  const slots = TERM_STEPS.find((step) => step >= options.terms.length)!;
  const terms = sql`${sql.param(options.terms)}::text[]`;
  const scan = (slot: number) => sql`select ${t.sortKey}, ${t.productId} from ${t}
    where ${t.merchantId} = ${merchantId} and ${t.token} = (${terms})[${sql.raw(String(slot))}]
    ${after ? sql`and (${t.sortKey}, ${t.productId}) > (${after.name}, ${after.id}::uuid)` : sql``}`;
  if (slots === 1) return scan(1);
  const branches = Array.from({ length: slots }, (_, i) => sql`(${scan(i + 1)} order by 1, 2)`);
  return sql`select distinct on (sort_key, product_id) sort_key, product_id
    from (${sql.join(branches, sql` union all `)}) as merged order by 1, 2`;
}

/**
 * A page of the merchant's products matching every word of `search` in the name or SKU, in
 * (lower(name), id) order after the cursor, that also meet `conditions` (on `products`: the
 * viewer's visibility, a category): ids and sort keys, the shape of a catalogue page. The walks
 * are joined on the product; then each product found is read once, by id, to check it as it is
 * now (active, the sort key its name gives, every word, the conditions), before the page takes
 * it. That check names the first walk's sort key and the last walk's id, so PostgreSQL makes it
 * after the join, on the few products every walk holds, never on each posting of one walk.
 */
export function selectPostingsMatches(
  db: Db,
  options: {
    merchantId: string;
    search: string;
    walks: string[][];
    conditions: (SQL | undefined)[];
    after: { name: string; id: string } | undefined;
    limit: number;
  },
) {
  const { merchantId, after } = options;
  const walks = options.walks.map((terms, i) => ({
    name: sql.raw(`w${i}`),
    from: walkOf({ merchantId, terms, after }),
  }));
  const [first] = walks;
  const last = walks.at(-1)!;
  const joined = sql.join(
    walks.map((walk, i) =>
      i === 0
        ? sql`(${walk.from}) as ${walk.name}`
        : sql`join (${walk.from}) as ${walk.name}
            on ${walk.name}.sort_key = ${first!.name}.sort_key and ${walk.name}.product_id = ${first!.name}.product_id`,
    ),
    sql` `,
  );
  const words = searchWords(options.search);
  const isStillMatching = sql`exists (
    select 1 from ${products}
    where ${products.id} = ${last.name}.product_id and ${products.merchantId} = ${merchantId}
      and ${products.archivedAt} is null and lower(${products.name}) = ${first!.name}.sort_key
      and ${and(textHasEveryWord(words), ...options.conditions)}
    offset 0
  )`;
  return db
    .select({
      // A name of its own: the outer query refers to it unqualified, beside products.id.
      id: sql<string>`${first!.name}.product_id`.as('page_product_id'),
      sortKey: sql<string>`${first!.name}.sort_key`.as('sort_key'),
    })
    .from(joined)
    .where(isStillMatching)
    .orderBy(sql`${first!.name}.sort_key`, sql`${first!.name}.product_id`)
    .limit(literalLimit(options.limit))
    .as('page');
}
