import { myobError } from './stand-in-http.ts';

// The part of OData the MYOB API takes that Tradeport uses: `$filter` with `eq` comparisons
// (strings, booleans, numbers, guid'…') joined by `and`, on fields or nested fields (`Customer/UID`),
// and `$top`/`$skip` paging (MYOB's default page 400, its largest 1000), answered as MYOB's
// `{Items, NextPageLink, Count}`.

const DEFAULT_TOP = 400;
const MAX_TOP = 1000;

type Clause = { path: string[]; value: unknown };

const badQuery = (message: string) =>
  myobError(400, 'ODataQueryError', message, { details: 'Query: $filter' });

/** `and`s outside string literals. */
function clausesOf(filter: string): string[] {
  const parts: string[] = [];
  let current = '';
  let inString = false;
  for (let index = 0; index < filter.length; index += 1) {
    const character = filter[index]!;
    if (character === "'") inString = !inString;
    if (!inString && filter.slice(index, index + 5).toLowerCase() === ' and ') {
      parts.push(current);
      current = '';
      index += 4;
      continue;
    }
    current += character;
  }
  if (inString) throw badQuery('Unterminated string literal');
  parts.push(current);
  return parts.map((part) => part.trim());
}

function literal(text: string): unknown {
  const string = /^'((?:[^']|'')*)'$/.exec(text);
  if (string) return string[1]!.replace(/''/g, "'");
  const guid = /^guid'([0-9a-f-]{36})'$/i.exec(text);
  if (guid) return guid[1]!.toLowerCase();
  if (text === 'true' || text === 'false') return text === 'true';
  if (text !== '' && Number.isFinite(Number(text))) return Number(text);
  throw badQuery(`Unsupported literal ${text}`);
}

export function parseFilter(filter: string | null): Clause[] {
  if (!filter) return [];
  return clausesOf(filter).map((clause) => {
    const found = /^([A-Za-z][\w/]*)\s+eq\s+(.+)$/.exec(clause);
    if (!found) throw badQuery(`Unsupported clause: ${clause}`);
    return { path: found[1]!.split('/'), value: literal(found[2]!.trim()) };
  });
}

const valueAt = (record: unknown, path: string[]) =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], record);

export function matches(record: unknown, clauses: Clause[]) {
  return clauses.every(({ path, value }) => {
    const actual = valueAt(record, path);
    return typeof actual === 'string' && typeof value === 'string'
      ? actual.toLowerCase() === value.toLowerCase()
      : actual === value;
  });
}

/** A collection answer for `records`: filtered, then paged. */
export function collection<T>(url: URL, records: T[]) {
  const filtered = records.filter((record) => matches(record, parseFilter(url.searchParams.get('$filter'))));
  const top = Math.min(Number(url.searchParams.get('$top') ?? DEFAULT_TOP) || DEFAULT_TOP, MAX_TOP);
  const skip = Number(url.searchParams.get('$skip') ?? 0) || 0;
  const items = filtered.slice(skip, skip + top);
  let next: string | null = null;
  if (skip + top < filtered.length) {
    const nextUrl = new URL(url);
    nextUrl.searchParams.set('$top', String(top));
    nextUrl.searchParams.set('$skip', String(skip + top));
    next = nextUrl.toString();
  }
  return { Items: items, NextPageLink: next, Count: filtered.length };
}
