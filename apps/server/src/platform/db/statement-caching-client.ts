import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

// Planning, not execution, dominates our reads: a products page joins five tables and takes ~5 ms
// to plan and ~0.5 ms to run. Naming a statement makes node-postgres prepare it once per
// connection and PostgreSQL keep its plan, so every later run skips parse and planning (the
// connections run with plan_cache_mode=force_generic_plan: client.ts). Drizzle writes the same text
// for the same query shape, with values as parameters, so the text identifies the statement.

/**
 * Statements a connection (or PGlite's one session) keeps; a query shape beyond them runs unnamed.
 * Counted per connection: counted for the process, a test worker that had run many files' shapes
 * named none of the next file's.
 */
const MAX_NAMED_STATEMENTS = 500;
/** Long IN-lists give one text per length; those are not worth a slot each (planned per run). */
const MAX_PARAMETERS = 32;
/** Texts whose names are remembered; a text beyond them has its name worked out on every run. */
const MAX_REMEMBERED_TEXTS = 10_000;

/** Texts never named (customPlanned): '' in `names`, so the marker is looked for once per text. */
const CUSTOM_PLAN_MARKER = '/* custom plan */';

const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known || undefined;
  const name = text.includes(CUSTOM_PLAN_MARKER)
    ? ''
    : `tp_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  if (names.size < MAX_REMEMBERED_TEXTS) names.set(text, name);
  return name || undefined;
}

type QueryConfig = { text: string; name?: string; values?: unknown[] };

/**
 * A call with parameters, in either of node-postgres' forms (`query(text, values, …)` or
 * `query({ text, values? }, values?, …)`), as its config, its values and what followed them; or
 * undefined for anything else: a text without parameters may hold several commands (a migration,
 * pg-boss's scripts), which only the simple protocol runs as they are.
 */
function parameterised(config: unknown, rest: unknown[]) {
  const form =
    typeof config === 'string'
      ? { config: { text: config } as QueryConfig }
      : typeof config === 'object' && config !== null && typeof (config as QueryConfig).text === 'string'
        ? { config: config as QueryConfig }
        : undefined;
  // A submittable (a cursor, a stream) runs its own protocol.
  if (!form || typeof (config as { submit?: unknown }).submit === 'function') return undefined;
  const hasValuesArgument = Array.isArray(rest[0]);
  const values = (hasValuesArgument ? rest[0] : form.config.values) as unknown[] | undefined;
  if (!Array.isArray(values) || values.length === 0) return undefined;
  return { config: form.config, values, after: hasValuesArgument ? rest.slice(1) : rest };
}

/**
 * A pg client that prepares each parameterised query shape once per connection, kept on its
 * generic plan; and has PostgreSQL plan drizzle's other statements for their values, as it plans
 * an unnamed statement by default (plan_cache_mode would apply to those too).
 */
export class StatementCachingClient extends pg.Client {
  /** The names this connection has sent, and so keeps prepared (routeStatement). */
  readonly named = new Set<string>();
}

// Assigned rather than overridden: pg's many query overloads cannot be restated in a subclass, and
// this only forwards whatever it is given, named or with its values written in where it can be.
const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(StatementCachingClient.prototype as { query: (...args: unknown[]) => unknown }).query = function (
  this: StatementCachingClient,
  config: unknown,
  ...rest: unknown[]
) {
  const call = parameterised(config, rest);
  // Named by the caller: prepared under that name, as asked.
  if (!call || call.config.name !== undefined) return plainQuery.call(this, config, ...rest);
  // Drizzle's statements come as a config object, pg-boss's as a bare text.
  const route = routeStatement(call.config.text, call.values, {
    isDrizzle: typeof config === 'object',
    named: this.named,
  });
  if (!route) return plainQuery.call(this, config, ...rest);
  if ('name' in route)
    return plainQuery.call(this, { ...call.config, values: call.values, name: route.name }, ...call.after);
  return plainQuery.call(this, { ...call.config, text: route.inlined, values: undefined }, ...call.after);
};

/**
 * How a statement with parameters is sent, on either engine (PGlite's: pglite-statements.ts): by
 * a name, prepared once per connection and kept on its generic plan; else, when it may be, with
 * its values written in, planned for them; else (undefined) as it is.
 */
export type StatementRoute = { name: string } | { inlined: string } | undefined;

export function routeStatement(
  text: string,
  values: readonly unknown[],
  options: {
    isDrizzle: boolean;
    /** The names this connection has sent (and so keeps prepared); a new one is added. */
    named: Set<string>;
  },
): StatementRoute {
  const name = values.length <= MAX_PARAMETERS ? statementName(text) : undefined;
  const { named } = options;
  if (name && (named.has(name) || named.size < MAX_NAMED_STATEMENTS)) {
    named.add(name);
    return { name };
  }
  return canInline(options.isDrizzle, values) ? { inlined: withValuesInlined(text, values) } : undefined;
}

/**
 * Whether an unnamed statement may be sent with its values written in. Drizzle's (SQL we write)
 * may. A bare text may not: pg-boss's rely on a parameter's value staying out of sight of the
 * planner (a CASE casts one to a timestamp only when it is one; a literal would be cast, and
 * refused, while planning). Nor may a value holding a NUL byte, which cannot travel in a
 * statement's text; as a parameter PostgreSQL refuses it (22021), answered with 400.
 */
const canInline = (isDrizzle: boolean, values: readonly unknown[]) => isDrizzle && !values.some(holdsNul);

/** Whether a value (or an array's element) holds a NUL byte, which no statement's text can carry. */
export const holdsNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\0') : Array.isArray(value) && value.some(holdsNul);

/** A value as a literal in a statement's text, as node-postgres would have sent it as a parameter. */
function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null) return 'null';
  // A Buffer (bytea) in PostgreSQL's hex form.
  return pg.escapeLiteral(typeof prepared === 'string' ? prepared : `\\x${prepared.toString('hex')}`);
}

/**
 * The statement with each parameter ($1, $2, …) replaced by its value as an (untyped) literal,
 * which PostgreSQL types from where it stands just as it types an untyped parameter. Sent without
 * parameters, it goes by the simple protocol, planned for the values it holds. Quoted text, quoted
 * names and comments in the statement are passed over, so a `$1` inside them stays as written
 * (an E'…' string with a backslashed quote is not told apart; no statement here writes one).
 */
export function withValuesInlined(text: string, values: readonly unknown[]): string {
  // Quoted text, quoted names and comments are matched whole (and kept); a parameter by itself.
  const pieces = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$(\d+)/g;
  return text.replace(pieces, (match, position: string | undefined) => {
    if (position === undefined) return match;
    const index = Number(position) - 1;
    if (index >= values.length) throw new RangeError(`No value for $${position}`);
    return literal(values[index]);
  });
}

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
 * PostgreSQL then plans it for each run's values instead of keeping a generic plan. A search
 * pattern is such a value — a rare word wants the trigram index, a common one the newest-first
 * walk — and a generic plan, which cannot see it, walked all 1,000,000 orders for a word no order
 * holds (15 s, where the planned run takes 10 ms). Costs a plan per run (about a millisecond).
 */
export function customPlanned(condition: SQL): SQL {
  return sql`${sql.raw(CUSTOM_PLAN_MARKER)} ${condition}`;
}
