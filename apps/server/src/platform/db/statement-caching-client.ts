import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

// Planning, not execution, dominates our reads: a products page joins five tables and takes ~5 ms
// to plan and ~0.5 ms to run. Naming a statement makes node-postgres prepare it once per
// connection and PostgreSQL keep its plan, so every later run skips parse and (once it settles on
// a generic plan) planning. Drizzle writes the same text for the same query shape, with values as
// parameters, so the text identifies the statement.

/** Statements a connection keeps; a query shape beyond them simply runs unnamed. */
const MAX_NAMED_STATEMENTS = 500;
/** Long IN-lists give one text per length; those are not worth a slot each. */
const MAX_PARAMETERS = 32;

/** Texts never named (customPlanned): '' in `names`, so the marker is looked for once per text. */
const CUSTOM_PLAN_MARKER = '/* custom plan */';

const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known || undefined;
  if (names.size >= MAX_NAMED_STATEMENTS) return undefined;
  if (text.includes(CUSTOM_PLAN_MARKER)) {
    names.set(text, '');
    return undefined;
  }
  const name = `tp_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text: string; name?: string; values?: unknown[] };

const isNameable = (config: unknown, values: unknown): config is QueryConfig => {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name } = config as QueryConfig;
  const parameters = (values ?? (config as QueryConfig).values) as unknown[] | undefined;
  // Only parameterised statements: a text without parameters may hold several commands (a
  // migration), which a prepared statement cannot.
  return (
    typeof text === 'string' &&
    name === undefined &&
    Array.isArray(parameters) &&
    parameters.length > 0 &&
    parameters.length <= MAX_PARAMETERS
  );
};

/** A pg client that prepares each parameterised query shape once per connection. */
export class StatementCachingClient extends pg.Client {}

// Assigned rather than overridden: pg's many query overloads cannot be restated in a subclass, and
// this only forwards whatever it is given, named where it can be.
const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(StatementCachingClient.prototype as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  config: unknown,
  ...rest: unknown[]
) {
  if (isNameable(config, rest[0])) {
    const name = statementName(config.text);
    if (name) return plainQuery.call(this, { ...config, name }, ...rest);
  }
  return plainQuery.call(this, config, ...rest);
};

/** Row counts a statement may be written with; a page size is rounded up to the next one. */
const LIMIT_STEPS = [1, 2, 11, 26, 51, 101, 501];

/**
 * A page size written into the statement rather than sent as a parameter. With `limit $n`
 * PostgreSQL cannot know a cached (generic) plan reads only a page, costs it as reading a tenth of
 * the table, and so re-plans every run; a literal keeps the generic plan cheap. Sizes are rounded
 * up to a few steps so that clients choosing every size from 1 to 100 add a handful of statement
 * texts, not a hundred: the query may return more rows than asked, and callers slice to the page.
 */
export function literalLimit(rows: number): number {
  // Drizzle inlines an SQL object where it expects a number; its types only admit the number.
  return sql.raw(String(limitStep(rows))) as unknown as number;
}

/** The row count literalLimit writes for `rows`: a statement prepared once per step names it. */
export function limitStep(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`Not a row count: ${rows}`);
  return LIMIT_STEPS.find((candidate) => candidate >= rows) ?? rows;
}

/**
 * A condition whose best plan depends on its values, marked so that its statement is never named:
 * PostgreSQL then plans it for each run's values instead of settling on a generic plan. A search
 * pattern is such a value — a rare word wants the trigram index, a common one the newest-first
 * walk — and a generic plan, which cannot see it, walked all 1,000,000 orders for a word no order
 * holds (15 s, where the planned run takes 10 ms). Costs a plan per run (about a millisecond).
 */
export function customPlanned(condition: SQL): SQL {
  return sql`${sql.raw(CUSTOM_PLAN_MARKER)} ${condition}`;
}
