import { searchWords } from '@tradeport/contract';
import { and, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import {
  brands,
  products,
  productSearchTokens,
  productSearchVocabulary,
} from '../../platform/db/schema/index.ts';
import { preparedOnce } from '../../platform/db/prepared-once.ts';
import { literalLimit } from '../../platform/db/statement-caching-client.ts';
import { TRIGRAM_LENGTH, textHasEveryPattern } from './product-search.queries.ts';

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
/** Postings counted per word when choosing which word to walk: enough to tell rare from common. */
const COUNTED_POSTINGS = 2_000;
/** Term counts a walk is written for (unused slots are null and find nothing): few statements. */
const TERM_STEPS = [1, 2, 4, 8, MAX_WALKED_TERMS];

/**
 * How a search's page can be found: `walk` (the terms of the word to walk), `empty` (a word no
 * product of the merchant holds, nor any brand's name: no match), or `trigram` (a word in a
 * brand's name, no word long enough to look up, or only words with too many terms:
 * productMatchesSearch on the trigram index).
 */
export type PostingsPlan =
  | { kind: 'walk'; terms: string[]; alsoTerms: string[] | undefined }
  | { kind: 'empty' }
  | { kind: 'trigram' };

/** A search's words as LIKE patterns (each word anywhere, its wildcards taken literally). */
export const searchPatterns = (search: string) => searchWords(search).map(containsPattern);

/** How many of a walk's term slots a statement is written with, for `terms` terms. */
export const termSlots = (terms: number) => TERM_STEPS.find((step) => step >= terms)!;

/** The term slots of a walk's statement: the walked word's, and the joined word's (0: none). */
export const walkSlots = (plan: { terms: string[]; alsoTerms: string[] | undefined }) => ({
  slots: termSlots(plan.terms.length),
  alsoSlots: plan.alsoTerms ? termSlots(plan.alsoTerms.length) : 0,
});

const v = productSearchVocabulary;
const t = productSearchTokens;

/**
 * The plan's statement, for searches of `words` words of which `lookedUp` are looked up (each
 * `true` when the word has punctuation): `merchantId`, `brand0`… (every word's pattern, for the
 * brands' names) and `term0`… (the looked-up words' patterns).
 */
function preparePlan(db: Db, shape: { words: number; lookedUp: boolean[] }, name: string) {
  const merchantId = sql.placeholder('merchantId');
  // The partial trigram index of the word's kind of term (its condition written out, so that the
  // cached generic plan can use it), in a MATERIALIZED CTE: planned for all its rows, not for the
  // LIMIT, which with a pattern it cannot see a generic plan reads as "the first rows of a seq
  // scan will do" (35 ms at 100,000 products). Duplicate terms (see productSearchVocabulary) are
  // dropped by the caller rather than by DISTINCT, which PostgreSQL may answer by walking a btree
  // in order and testing every term of the merchant.
  const termsOf = (i: number, isCompound: boolean) => sql`with ${sql.raw(`matching_${i}`)} as materialized (
    select ${v.token} as token from ${v}
    where ${v.token} like lower(${sql.placeholder(`term${i}`)}) and ${v.merchantId} = ${merchantId}
      and ${isCompound ? sql`${v.isCompound}` : sql`not ${v.isCompound}`}
  )
  select array(select token from ${sql.raw(`matching_${i}`)} limit ${sql.raw(String(MAX_WALKED_TERMS + 1))})`;
  const postingsOf = (terms: SQL) => sql`(select count(*) from (
    select 1 from ${t} where ${t.merchantId} = ${merchantId} and ${t.token} = any(${terms})
    limit ${sql.raw(String(COUNTED_POSTINGS))}
  ) as counted)`;
  const isCounted = shape.lookedUp.length > 1;
  const lookups = shape.lookedUp.map(
    (isCompound, i) => sql`(
      select json_build_object('terms', to_json(terms), 'postings', ${isCounted ? postingsOf(sql`terms`) : sql`0`})
      from (select (${termsOf(i, isCompound)}) as terms) as ${sql.raw(`looked_up_${i}`)}
    )`,
  );
  const brandNames = sql.join(
    Array.from({ length: shape.words }, (_, i) => sql`${brands.name} ilike ${sql.placeholder(`brand${i}`)}`),
    sql` or `,
  );
  return db
    .select({
      isBrand: sql<boolean>`exists (
        select 1 from ${brands} where ${brands.merchantId} = ${merchantId} and (${brandNames})
      )`,
      words: sql<{ terms: string[]; postings: number }[]>`json_build_array(${sql.join(lookups, sql`, `)})`,
    })
    .from(sql`(select 1) as one`)
    .prepare(name);
}

/**
 * One round trip (a statement prepared once per shape): for the longest words, the merchant's
 * terms holding each (up to one more than MAX_WALKED_TERMS, to tell "too many"), whether any
 * word is in one of its brands' names, and, when there are several words to choose from, how
 * many postings each has (up to COUNTED_POSTINGS). The word with the fewest postings is walked
 * and the next fewest joined to it (`alsoTerms`: both in name order, a merge join), the others
 * checked on each product the two share.
 */
export async function planPostingsSearch(
  db: Db,
  options: { merchantId: string; search: string },
): Promise<PostingsPlan> {
  const words = searchWords(options.search);
  const lookedUp = words
    .filter((word) => word.length >= TRIGRAM_LENGTH)
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_LOOKED_UP_WORDS);
  if (lookedUp.length === 0) return { kind: 'trigram' };
  const shape = { words: words.length, lookedUp: lookedUp.map((word) => PUNCTUATION.test(word)) };
  const name = `search_plan_${shape.words}_${shape.lookedUp.map((isCompound) => (isCompound ? 'c' : 'p')).join('')}`;
  const statement = preparedOnce(db, name, (name) => preparePlan(db, shape, name));
  const values: Record<string, string> = { merchantId: options.merchantId };
  words.forEach((word, i) => (values[`brand${i}`] = containsPattern(word)));
  lookedUp.forEach((word, i) => (values[`term${i}`] = containsPattern(word)));
  const [row] = await statement.execute(values);
  if (row!.isBrand) return { kind: 'trigram' };
  if (row!.words.some((word) => word.terms.length === 0)) return { kind: 'empty' };
  const [walked, joined] = row!.words
    .map((word) => ({ ...word, terms: [...new Set(word.terms)] }))
    .filter((word) => word.terms.length <= MAX_WALKED_TERMS)
    // Stable: among equals, the longer word (looked up first) is walked.
    .sort((a, b) => a.postings - b.postings);
  return walked ? { kind: 'walk', terms: walked.terms, alsoTerms: joined?.terms } : { kind: 'trigram' };
}

type Value = string | Placeholder;

/**
 * One word's postings in (sort key, product id) order (or its reverse), after the cursor: one
 * term, an ordered scan of the postings' key; several, a merge of such scans (UNION ALL of
 * ordered branches, which PostgreSQL reads as a Merge Append), each product once (a product may
 * hold two of the terms). `terms` is one array parameter; slots past its end find nothing.
 */
function walkOf(options: {
  merchantId: Value;
  terms: string[] | Placeholder;
  slots: number;
  after: { name: Value; id: Value } | undefined;
  isDescending: boolean;
}): SQL {
  const { merchantId, after, isDescending } = options;
  const terms = sql`${Array.isArray(options.terms) ? sql.param(options.terms) : options.terms}::text[]`;
  const beyond = isDescending ? sql`<` : sql`>`;
  const scan = (slot: number) => sql`select ${t.sortKey}, ${t.productId} from ${t}
    where ${t.merchantId} = ${merchantId} and ${t.token} = (${terms})[${sql.raw(String(slot))}]
    ${after ? sql`and (${t.sortKey}, ${t.productId}) ${beyond} (${after.name}::text, ${after.id}::uuid)` : sql``}`;
  if (options.slots === 1) return scan(1);
  const order = isDescending ? sql`order by 1 desc, 2 desc` : sql`order by 1, 2`;
  const branches = Array.from({ length: options.slots }, (_, i) => sql`(${scan(i + 1)} ${order})`);
  return sql`select distinct on (sort_key, product_id) sort_key, product_id
    from (${sql.join(branches, sql` union all `)}) as merged ${order}`;
}

/**
 * The products two walks share, in the same order: both are ordered on (sort key, product id), so
 * PostgreSQL merges them and stops with the page. For "oat milk" that reads oat's and milk's
 * postings up to the page's last name (index only) and checks only the products holding both (60
 * for a page of 50), where checking each of oat's products took 726 probes. OFFSET 0 keeps the
 * check above the join: pushed below it, it ran on every one of the first walk's products again.
 */
function joinWalks(first: SQL, second: SQL, isDescending: boolean): SQL {
  const order = isDescending ? sql`order by 1 desc, 2 desc` : sql`order by 1, 2`;
  return sql`select first_walk.sort_key, first_walk.product_id
    from (${first}) as first_walk
    join (${second}) as second_walk
      on second_walk.sort_key = first_walk.sort_key and second_walk.product_id = first_walk.product_id
    ${order} offset 0`;
}

/**
 * A page of the merchant's products whose name or SKU holds every pattern (searchPatterns), in
 * (lower(name), id) order after the cursor, that also meet `conditions` (on `products`: the
 * viewer's visibility, a category, a brand): ids and sort keys, the shape of a catalogue page. The walk
 * gives candidates in order; each is read once, by id (products_merchant_active_name_idx holds
 * name and SKU: no table page), to check it as it is now (active, the sort key its name gives,
 * every word, the conditions) before the page takes it. OFFSET 0 keeps that check a probe per
 * candidate, made in walk order until the page is full. Values may be placeholders, for a
 * statement prepared once per shape (termSlots, patterns, cursor, limit).
 */
export function selectPostingsMatches(
  db: Db,
  options: {
    merchantId: Value;
    patterns: Value[];
    terms: string[] | Placeholder;
    slots: number;
    /** A second word's terms, joined to the walk (walkSlots; `alsoSlots` 0: none). */
    alsoTerms: string[] | Placeholder | undefined;
    alsoSlots: number;
    conditions: (SQL | undefined)[];
    after: { name: Value; id: Value } | undefined;
    limit: number;
    /** The merchant's list, sorted by name the other way. */
    isDescending?: boolean;
  },
) {
  const { merchantId, after } = options;
  const isDescending = options.isDescending ?? false;
  const walked = walkOf({ merchantId, terms: options.terms, slots: options.slots, after, isDescending });
  const walk =
    options.alsoSlots === 0
      ? walked
      : joinWalks(
          walked,
          walkOf({ merchantId, terms: options.alsoTerms!, slots: options.alsoSlots, after, isDescending }),
          isDescending,
        );
  const isStillMatching = sql`exists (
    select 1 from ${products}
    where ${products.id} = walk.product_id and ${products.merchantId} = ${merchantId}
      and ${products.archivedAt} is null and lower(${products.name}) = walk.sort_key
      and ${and(textHasEveryPattern(options.patterns), ...options.conditions)!}
    offset 0
  )`;
  return db
    .select({
      // A name of its own: the outer query refers to it unqualified, beside products.id.
      id: sql<string>`walk.product_id`.as('page_product_id'),
      sortKey: sql<string>`walk.sort_key`.as('sort_key'),
    })
    .from(sql`(${walk}) as walk`)
    .where(isStillMatching)
    .orderBy(
      ...(isDescending
        ? [sql`walk.sort_key desc`, sql`walk.product_id desc`]
        : [sql`walk.sort_key`, sql`walk.product_id`]),
    )
    .limit(literalLimit(options.limit))
    .as('page');
}
