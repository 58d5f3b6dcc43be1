import { fault } from './stand-in-http.ts';
import type { Entity } from './stand-in-company.ts';

// The query endpoint's language as far as Tradeport uses it:
//   select * from <Entity> [where <Field> = '<value>' | true | false | in ('a', 'b') [and …]]
//   [orderby <Field> [asc|desc]] [startposition n] [maxresults n]
// Keywords in any case, quotes escaped with a backslash; MAXRESULTS at most 1000 (100 unless told).

export type Query = {
  entity: string;
  conditions: { field: string; values: unknown[] }[];
  orderBy: { field: string; descending: boolean } | null;
  start: number;
  max: number;
};

const parseError = (detail: string) => fault('4000', 'Error parsing query', `QueryParserError: ${detail}`);

const VALUE = String.raw`'(?:[^'\\]|\\.)*'|true|false|-?\d+(?:\.\d+)?`;
const unquote = (value: string): unknown =>
  value.startsWith("'")
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value === 'true'
      ? true
      : value === 'false'
        ? false
        : Number(value);

export function parseQuery(text: string): Query {
  const found = new RegExp(
    String.raw`^\s*select\s+\*\s+from\s+(\w+)(?:\s+where\s+(.+?))?(?:\s+orderby\s+(\w+)(?:\s+(asc|desc))?)?(?:\s+startposition\s+(\d+))?(?:\s+maxresults\s+(\d+))?\s*$`,
    'is',
  ).exec(text);
  if (!found) throw parseError(`Encountered an error in "${text}"`);
  const conditions = (found[2] ? found[2].split(/\s+and\s+(?=\w+\s*(?:=|in\b))/i) : []).map((part) => {
    const condition = new RegExp(
      String.raw`^\s*(\w+)\s*(?:=\s*(${VALUE})|in\s*\(((?:\s*(?:${VALUE})\s*,?)+)\))\s*$`,
      'is',
    ).exec(part);
    if (!condition) throw parseError(`Encountered an error in "${part}"`);
    const values =
      condition[2] !== undefined
        ? [unquote(condition[2])]
        : [...condition[3]!.matchAll(new RegExp(VALUE, 'g'))].map((m) => unquote(m[0]));
    return { field: condition[1]!, values };
  });
  const max = Number(found[6] ?? 100);
  if (max > 1000) throw parseError('MAXRESULTS must be at most 1000');
  return {
    entity: found[1]!,
    conditions,
    orderBy: found[3] ? { field: found[3], descending: found[4]?.toLowerCase() === 'desc' } : null,
    start: Math.max(1, Number(found[5] ?? 1)),
    max,
  };
}

const fieldOf = (entity: Entity, field: string) => {
  const name = Object.keys(entity).find((key) => key.toLowerCase() === field.toLowerCase());
  return name === undefined ? undefined : entity[name];
};

/** The rows of the query's page, in its order; inactive ones unless Active is asked for, as at Intuit. */
export function runQuery(query: Query, entities: Entity[]): Entity[] {
  const asksActive = query.conditions.some((condition) => condition.field.toLowerCase() === 'active');
  let rows = entities.filter((entity) => asksActive || fieldOf(entity, 'Active') !== false);
  rows = rows.filter((entity) => entity.status !== 'Deleted');
  for (const condition of query.conditions) {
    rows = rows.filter((entity) => {
      const value = fieldOf(entity, condition.field);
      const comparable = value === undefined && condition.field.toLowerCase() === 'active' ? true : value;
      return condition.values.some((wanted) =>
        typeof wanted === 'string' && typeof comparable === 'string'
          ? wanted.toLowerCase() === comparable.toLowerCase()
          : wanted === comparable,
      );
    });
  }
  if (query.orderBy) {
    const { field, descending } = query.orderBy;
    rows = [...rows].sort((a, b) => {
      const [x, y] = [String(fieldOf(a, field) ?? ''), String(fieldOf(b, field) ?? '')];
      return (descending ? -1 : 1) * x.localeCompare(y, 'en', { numeric: true });
    });
  }
  return rows.slice(query.start - 1, query.start - 1 + query.max);
}
